import fc from 'fast-check';
import {
  HOSTILE_DATES,
  HOSTILE_IDS,
  HOSTILE_STRINGS,
  RAW_BODIES,
  RAW_PATH_SEGMENTS,
} from './hostile-values.ts';
import type { OperationSpec } from './operation-table.ts';
import type { DocumentOperation } from './requests.ts';
import { hostileObject, hostileValue, type RealValues, validValue } from './schema-arbitraries.ts';
import type { TenantIds } from './seed.ts';

export type FuzzBody = { json: unknown } | { raw: string; contentType: string };
export type FuzzCase = { method: string; path: string; body?: FuzzBody };

/** Real values by the names fields and parameters carry in the document. */
function realValues(ids: TenantIds): RealValues {
  return {
    organizationId: [ids.organization],
    establishmentId: [ids.establishment, ids.otherEstablishment],
    staffUserId: [ids.staffMember, ids.owner],
    customerId: [ids.rosterCustomer, ids.customer],
    customerIds: [ids.customer, ids.rosterCustomer],
    planId: [ids.plan],
    scheduleId: [ids.schedule],
    sessionId: [ids.session],
    enrollmentId: [ids.enrollment],
  };
}

/** Percent-encodes a path or query value, lone surrogates included (as the bytes WTF-8 would give them). */
export function encodeValue(value: string): string {
  return [...value]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

const hostileText = fc.constantFrom(...HOSTILE_IDS, ...HOSTILE_STRINGS, ...HOSTILE_DATES);

/** A path parameter: mostly the seed's real id (so the request gets past the lookup), else anything. */
function segment(name: string, real: string, operation: DocumentOperation): fc.Arbitrary<string> {
  const schema = operation.parameters.find((parameter) => parameter.name === name)?.schema ?? {};
  return fc.oneof(
    { arbitrary: fc.constant(encodeValue(real)), weight: name === 'orgId' ? 16 : 6 },
    { arbitrary: validValue(schema, '', {}).map((value) => encodeValue(String(value))), weight: 1 },
    { arbitrary: hostileText.map(encodeValue), weight: 2 },
    { arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS), weight: 1 },
  );
}

function pathOf(operation: DocumentOperation, spec: OperationSpec, ids: TenantIds): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  const realOf = (name: string) => {
    const source = spec.params?.[name];
    return typeof source === 'function' ? source(ids) : source ? ids[source] : '';
  };
  return fc
    .tuple(...names.map((name) => segment(name, realOf(name), operation)))
    .map((values) =>
      values.reduce((path, value, index) => path.replace(`{${names[index]}}`, value), operation.path),
    );
}

/** `name=value` pairs: arrays repeat the name, objects and null go as JSON text. */
function pairs(name: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => pairs(name, item));
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return [`${encodeValue(name)}=${encodeValue(text)}`];
}

const serialize = (query: Record<string, unknown>, extra = '') =>
  [...Object.entries(query).flatMap(([name, value]) => pairs(name, value)), extra].filter(Boolean).join('&');

/**
 * The table's valid query with some parameters regenerated from their schema; then either left valid, one
 * parameter made hostile, or odd syntax added (a repeated key, `key[]`, malformed percent-encoding).
 */
function queryOf(operation: DocumentOperation, spec: OperationSpec, ids: TenantIds, real: RealValues) {
  const parameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const first = parameters[0]?.name ?? 'page';
  const odd = fc.constantFrom(
    'unknown=1',
    `${first}=1&${first}=2`,
    `${first}[]=1`,
    '=x',
    '&&',
    `${first}=%E0%A4%A`,
    'a=%00',
  );
  const base: Record<string, unknown> = spec.query?.(ids) ?? {};
  const regenerated = parameters.map((parameter) =>
    fc.option(validValue(parameter.schema, parameter.name, real), { nil: undefined, freq: 2 }),
  );
  const valid = fc.tuple(...regenerated).map((values) => {
    const query = { ...base };
    values.forEach((value, index) => {
      const name = parameters[index]?.name;
      if (name && value !== undefined) query[name] = value;
    });
    return query;
  });
  const options = [
    { arbitrary: valid.map((query) => serialize(query)), weight: 4 },
    { arbitrary: fc.tuple(valid, odd).map(([query, extra]) => serialize(query, extra)), weight: 1 },
  ];
  if (parameters.length) {
    const hostile = fc
      .tuple(valid, fc.constantFrom(...parameters))
      .chain(([query, parameter]) =>
        hostileValue(parameter.schema).map((bad) => serialize({ ...query, [parameter.name]: bad })),
      );
    options.push({ arbitrary: hostile, weight: 4 });
  }
  return fc.oneof(...options);
}

function bodyOf(operation: DocumentOperation, spec: OperationSpec, ids: TenantIds, real: RealValues) {
  const raw = fc
    .constantFrom(...RAW_BODIES)
    .map(({ text, contentType }): FuzzBody => ({ raw: text, contentType }));
  if (operation.method === 'GET') return fc.constant(undefined);
  if (!operation.body) return fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, raw);
  const valid = validValue(operation.body, '', real);
  const fromTable = spec.body ? fc.constant(spec.body(ids)) : valid;
  const json = (value: unknown): FuzzBody => ({ json: value });
  return fc.oneof(
    { arbitrary: fromTable.map(json), weight: 2 },
    { arbitrary: valid.map(json), weight: 3 },
    {
      arbitrary: hostileObject(operation.body, fc.oneof(valid, fromTable, fromTable), real).map(json),
      weight: 5,
    },
    { arbitrary: hostileValue({}).map(json), weight: 1 },
    { arbitrary: raw, weight: 1 },
  );
}

/** Requests for one operation: valid shapes from its schema, with hostile values mixed in. */
export function fuzzCases(
  operation: DocumentOperation,
  spec: OperationSpec,
  ids: TenantIds,
): fc.Arbitrary<FuzzCase> {
  const real = realValues(ids);
  return fc
    .tuple(
      pathOf(operation, spec, ids),
      queryOf(operation, spec, ids, real),
      bodyOf(operation, spec, ids, real),
    )
    .map(([path, query, body]) => ({
      method: operation.method,
      path: query ? `${path}?${query}` : path,
      body,
    }));
}
