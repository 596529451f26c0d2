import { Column, getTableName, is, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from './client.ts';

const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * PostgreSQL keeps the first 63 bytes of a statement's name (NAMEDATALEN − 1): two longer names alike in those
 * would be one statement on the server and two here, and the second's Parse would fail on a connection that ran
 * the first.
 */
const MAX_NAME_BYTES = 63;

/** The first statement built under each name, whatever database it was built on. */
const templates = new Map<string, unknown>();

/**
 * A statement on the hot path of many requests, built once and sent under `name` as a named prepared
 * statement (`build` passes the name to Drizzle's `.prepare`). Building the SQL in Drizzle and parsing it in
 * PostgreSQL cost more than running the small queries that use this.
 *
 * Every request of an organization runs in a transaction of its own (decision 019), a new `Database` each
 * time: the statement built first is reused bound to that transaction's connection instead of being built
 * again, which halved the CPU per customer-list request (decision 018). `prepared.test.ts` pins the two
 * Drizzle fields this relies on.
 *
 * Plans are not frozen by it: db/client.ts sets plan_cache_mode=force_custom_plan, because the best plan of
 * some statements depends on their values (a search's words too short for the trigram index: a rare one →
 * read the matches, a common one → name order); `withGenericPlan` below plans others once.
 *
 * `name` must say everything that changes the SQL text (e.g. how many words a search has).
 */
export function preparedStatement<Statement>(
  db: Database,
  name: string,
  build: (name: string) => Statement,
): Statement {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as Statement | undefined;
  if (!statement) {
    const template = templates.get(name) as Statement | undefined;
    if (!template && Buffer.byteLength(name) > MAX_NAME_BYTES) {
      throw new Error(`A prepared statement's name must fit in ${MAX_NAME_BYTES} bytes: ${name}`);
    }
    statement = (template && boundTo(template, db)) ?? withCompiledMapper(build(name));
    if (!template) templates.set(name, statement);
    byName.set(name, statement);
  }
  return statement;
}

/**
 * A copy of Drizzle's node-postgres prepared query that runs on `db`'s connection: the query keeps the pool or
 * client it runs on in `client`, and a database (or transaction) keeps its own in `session.client`. Null
 * when either is not where expected (another driver, another Drizzle), so the caller builds it instead.
 */
function boundTo<Statement>(template: Statement, db: Database): Statement | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof template !== 'object' || template === null || !('client' in template)) return null;
  return Object.assign(Object.create(Object.getPrototypeOf(template)), template, { client }) as Statement;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
/** The fields of Drizzle's node-postgres prepared query that its execution reads (pinned by prepared.test.ts). */
type PreparedQueryFields = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/**
 * Drizzle maps each row by asking of every field, every time, what kind it is (`is`, a walk up its class
 * chain): for the week of sessions, 70 rows of 22 fields, that was a tenth of the server's CPU under load
 * (decision 018). The answers never change for a built statement, so they are worked out once here and the
 * rows mapped with them — the same result as Drizzle's `mapResultRow`, including a left-joined table's object
 * turned null when its first column is (prepared.test.ts holds them equal), and each column decoded past the
 * proxies a view or an alias wraps it in.
 *
 * Each row is one object literal, compiled once per statement from the selection's paths. This mapping's first
 * version, like Drizzle's, gave a row its properties one by one under computed keys from `{}`: V8 turns such an
 * object into a dictionary once it has more than its few in-object slots and a dozen more (at the 20th property
 * on Node 20), and the week's rows have 23 fields, a customer page's 26. Mapping them took 75 µs a week and 13.5
 * a page in a process that had mapped other statements' rows first, against 6 and 5.4 as literals (before the
 * week's times were decoded here, db/joins.ts, which adds 20 µs; bench/row-mapping.mjs, decision 018, session 24). The keys are the selection's own, written as
 * JSON strings; no value of a row reaches the compiled source.
 */
export function compiledRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
) {
  const decoders = fields.map(({ field }) => decoderOf(field));
  const shape: RowShape = new Map();
  for (const [index, { path }] of fields.entries()) {
    let node = shape;
    for (const chunk of path.slice(0, -1)) {
      let child = node.get(chunk);
      if (!(child instanceof Map)) {
        child = new Map();
        node.set(chunk, child);
      }
      node = child;
    }
    node.set(path[path.length - 1] as string, index);
  }
  const valueSource = (index: number) =>
    decoders[index] === asIs
      ? `row[${index}]`
      : `(row[${index}] === null ? null : decoders[${index}].mapFromDriverValue(row[${index}]))`;
  const objectSource = (node: RowShape): string =>
    `{${[...node]
      .map(
        ([key, value]) =>
          `${JSON.stringify(key)}: ${typeof value === 'number' ? valueSource(value) : objectSource(value)}`,
      )
      .join(', ')}}`;
  const nullified = nullableJoins(fields, joinsNotNullableMap).map(
    ([object, key]) =>
      `if (result[${JSON.stringify(object)}][${JSON.stringify(key)}] === null) result[${JSON.stringify(object)}] = null;`,
  );
  const mapRow = new Function(
    'decoders',
    `return (row) => { const result = ${objectSource(shape)}; ${nullified.join(' ')} return result; };`,
  )(decoders) as (row: unknown[]) => Record<string, unknown>;
  return (rows: unknown[][]) => rows.map(mapRow);
}

/** A row's objects by key, down to each value's index in the selection. */
type RowShape = Map<string, number | RowShape>;

/** As Drizzle's mapResultRow: a column decodes itself, SQL has a decoder, a subquery's or an alias's SQL has. */
function decoderOf(field: unknown): Decoder {
  type Decoded = { decoder: Decoder };
  if (is(field, Column)) return columnDecoder(field);
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  return (field as { _?: { sql: Decoded } })._?.sql.decoder ?? (field as { sql: Decoded }).sql.decoder;
}

/**
 * As Drizzle's mapResultRow: the objects of a left-joined table, each with the key of its first column — the
 * object is null when that column is. An object whose columns come from two tables, or from a table every row
 * has, never is.
 */
function nullableJoins(
  fields: SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): [object: string, key: string][] {
  if (!joinsNotNullableMap) return [];
  const objects = new Map<string, { table: string; key: string } | false>();
  for (const { path, field } of fields) {
    if (!is(field, Column) || path.length !== 2) continue;
    const [object, key] = path as [string, string];
    const table = getTableName(field.table);
    const known = objects.get(object);
    if (known === undefined) objects.set(object, { table, key });
    else if (known && known.table !== table) objects.set(object, false);
  }
  return [...objects]
    .filter(([, found]) => found && !joinsNotNullableMap[found.table])
    .map(([object, found]) => [object, (found as { key: string }).key]);
}

const asIs: Decoder = { mapFromDriverValue: (value) => value };

/**
 * A column's decoding without the proxies Drizzle wraps the columns of a view's selection or an alias in: their
 * traps ran on every value (200–400 ns each, most of a page of customers' mapping). Most columns keep the value
 * as it is; the others decode with their own state, read through the proxy once.
 */
function columnDecoder(column: Column): Decoder {
  const decode = column.mapFromDriverValue;
  if (decode === Column.prototype.mapFromDriverValue) return asIs;
  const plain = Object.assign(Object.create(Object.getPrototypeOf(column)), column) as Column;
  return { mapFromDriverValue: (value) => decode.call(plain, value) };
}

/** A built Drizzle prepared query that maps its rows with `compiledRowMapper` (anything else as it is). */
function withCompiledMapper<Statement>(statement: Statement): Statement {
  const query = statement as PreparedQueryFields | null;
  if (typeof query !== 'object' || query === null || !query.fields || query.customResultMapper)
    return statement;
  query.customResultMapper = compiledRowMapper(query.fields, query.joinsNotNullableMap);
  return statement;
}

/** A value of a prepared statement, cast: PostgreSQL cannot infer the type of a placeholder compared to null. */
export const placeholder = (name: string, type: string): SQL =>
  sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/** A list's filters that narrow it by a value: the column, the value's type, and how they compare. */
export type ValueFilters = Record<
  string,
  readonly [column: SQLWrapper, type: string, operator?: '=' | '>=' | '<=']
>;

/**
 * The filters a call gives, in the order `filters` lists them: the shape of its statement, which has those
 * conditions and no others (one statement per shape, named after it, so a shape's generic plan fits its calls).
 */
export function givenFilters<Filters extends ValueFilters>(
  filters: Filters,
  values: { [Name in keyof Filters]?: unknown },
): (keyof Filters & string)[] {
  return (Object.keys(filters) as (keyof Filters & string)[]).filter((name) => values[name] != null);
}

/**
 * The shape's part of its statements' names: which of `filters` are given, as a bitmask in their order (hex),
 * so a name stays within PostgreSQL's 63 bytes whatever the shape — `from`, `to` and `status` of the payment
 * list's filters are `7`.
 */
export function shapeName<Filters extends ValueFilters>(
  filters: Filters,
  given: readonly (keyof Filters & string)[],
): string {
  const names = Object.keys(filters);
  return given.reduce((mask, name) => mask | (1 << names.indexOf(name)), 0).toString(16);
}

/**
 * Whether one plan fits every call of the given filters' statement: an equality narrows by about as much
 * whatever its value (a customer's payments, a plan's), a range does not — a month or two years of payments
 * want different plans (bench:payments: a year of one method took twice its per-call-planned SQL on one plan).
 */
export const fitsOnePlan = <Filters extends ValueFilters>(
  filters: Filters,
  given: readonly (keyof Filters & string)[],
): boolean => given.every((name) => (filters[name]?.[2] ?? '=') === '=');

/** The given filters' conditions, each on the placeholder named as its filter. */
export function filterConditions<Filters extends ValueFilters>(
  filters: Filters,
  given: readonly (keyof Filters & string)[],
): SQL[] {
  return given.map((name) => {
    const [column, type, operator = '='] = filters[name] as Filters[string];
    return sql`${column} ${sql.raw(operator)} ${placeholder(name, type)}`;
  });
}

/**
 * `run`'s statements planned once per connection (a generic plan, kept with the named statement) instead of per
 * call: for statements whose best plan does not depend on their values, where planning costs more than running
 * them (decision 018). The setting is put back at once: whatever else runs in the transaction plans as usual.
 * The statements start together, in order: `run` must start its queries when called, as a prepared
 * statement's `.execute()` does — one it starts later, after an await, goes after the setting is put back and
 * is planned per call; an unnamed statement with parameters started within is planned generically too. On
 * the tenant pool's pipelining connection they go out in one write, one round trip.
 */
export async function withGenericPlan<Result>(db: Database, run: () => Promise<Result>): Promise<Result> {
  // `.then` starts Drizzle's lazy query now, so each statement is sent in the order written here.
  const generic = db.execute(sql`set local plan_cache_mode = force_generic_plan`).then(() => {});
  const putBack = () => db.execute(sql`set local plan_cache_mode to default`).then(() => {});
  let result: Promise<Result>;
  try {
    result = run();
  } catch (error) {
    // Thrown before `run` started anything: put back all the same, for whatever the transaction runs next.
    await Promise.all([generic, putBack()]);
    throw error;
  }
  return (await Promise.all([generic, result, putBack()]))[1];
}
