// `node bench/row-mapping.mjs [-- --rounds N]`: the server's CPU for turning a list's rows into objects, Drizzle's
// `mapResultRow` against the mapping prepared statements now compile once (apps/server/src/db/prepared.ts,
// `compiledRowMapper`), on the statements of the week of sessions (70 rows) and the customer list (10 rows) as
// the server builds them. No database: the statements are built by the server's own code on a Drizzle database
// whose driver records them (server-statements.mjs), and the rows are made to their columns' types. Prints
// the median µs per call of each, and the ratio; both mappings are checked to give equal objects. Then the same
// with what the server does with the rows after (the answer's objects and its JSON), which is most of it once
// the rows are mapped.
import { isDeepStrictEqual } from 'node:util';
import { median, parseArgs } from './lib.mjs';
import { orgReadStatements } from './server-statements.mjs';

const options = parseArgs(process.argv.slice(2), { rounds: 2000 });
const { NodePgPreparedQuery } = await import('drizzle-orm/node-postgres');
const { mapResultRow } = await import('drizzle-orm/utils');
const sessions = await import('../apps/server/src/modules/sessions/sessions.service.ts');
const customers = await import('../apps/server/src/modules/customers/customers.service.ts');
const { pageWithTotal } = await import('../apps/server/src/db/page-with-total.ts');
const { hoursAndMinutes, isoFromUtcText } = await import('../apps/server/src/db/joins.ts');
const { SessionListQuery } = await import('@reformer/domain/sessions');
const { ListCustomersQuery } = await import('@reformer/domain/customers');

/** The prepared statements a read executes, caught as they run. */
async function statementsOf(read) {
  const seen = [];
  const execute = NodePgPreparedQuery.prototype.execute;
  NodePgPreparedQuery.prototype.execute = function (...args) {
    seen.push(this);
    return execute.apply(this, args);
  };
  try {
    await orgReadStatements(
      {
        organizationId: '01a22066-6227-700d-92d5-26b332a67f21',
        userId: 'u',
        sessionId: 's',
        orgRole: 'ORG_OWNER',
      },
      read,
    );
  } finally {
    NodePgPreparedQuery.prototype.execute = execute;
  }
  return seen.filter((statement) => statement.fields && statement.queryConfig.name !== 'load_membership');
}

/** A value of the field's kind as pg hands it over: text for dates and times, numbers and booleans parsed. */
function valueFor(field, row) {
  const decode = field.decoder?.mapFromDriverValue;
  if (decode === isoFromUtcText) return `2027-03-0${1 + (row % 9)} 10:00:00`;
  if (decode === hoursAndMinutes) return '07:00:00';
  const type = field.columnType ?? field.decoder?.constructor?.name ?? '';
  if (/Timestamp/.test(type)) return `2027-03-0${1 + (row % 9)} 10:00:00+00`;
  if (/Integer|Numeric|BigInt/.test(type)) return row * 3;
  if (/Boolean/.test(type)) return row % 2 === 0;
  return `value-${row}`;
}

function rowsFor(statement, count) {
  // Every seventh row has nulls where its columns may, and in every field of SQL (the compiled mapping decodes
  // those but a null); the answer code reads no such field as a value that cannot be null.
  return Array.from({ length: count }, (_, row) =>
    statement.fields.map(({ field }) =>
      row % 7 === 6 && field.notNull !== true ? null : valueFor(field, row),
    ),
  );
}

/** Median µs of each of `calls` (name → function), run interleaved. */
async function medians(calls) {
  const samples = Object.fromEntries(Object.keys(calls).map((name) => [name, []]));
  const entries = Object.entries(calls);
  for (let round = 0; round < options.rounds; round += 1) {
    for (const [name, call] of round % 2 ? [...entries].reverse() : entries) {
      const start = process.hrtime.bigint();
      // Awaited only when it is asynchronous: a microtask's turn would weigh on a few µs of mapping.
      const result = call();
      if (result instanceof Promise) await result;
      samples[name].push(Number(process.hrtime.bigint() - start) / 1000);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}

/** `answer(mapped rows)`: what the route then builds and sends of them, as its service does. */
async function timeMapping(label, statement, rowCount, answer) {
  const rows = rowsFor(statement, rowCount);
  const drizzle = () => rows.map((row) => mapResultRow(statement.fields, row, statement.joinsNotNullableMap));
  const compiled = () => statement.customResultMapper(rows);
  if (!isDeepStrictEqual(drizzle(), compiled())) throw new Error(`${label}: the two mappings differ`);
  const t = await medians({
    drizzle,
    compiled,
    drizzleAnswered: async () => answer(drizzle()),
    compiledAnswered: async () => answer(compiled()),
  });
  const line = (what, d, c) =>
    `  ${what.padEnd(24)} Drizzle ${d.toFixed(1).padStart(6)} µs   compiled ${c.toFixed(1).padStart(6)} µs   ${(d / c).toFixed(1)}×`;
  console.log(`${label}: ${rowCount} rows × ${statement.fields.length} fields`);
  console.log(line('rows mapped', t.drizzle, t.compiled));
  console.log(line('and answered as JSON', t.drizzleAnswered, t.compiledAnswered));
}

const [week] = await statementsOf((db, access) =>
  sessions.listSessions(
    db,
    access,
    SessionListQuery.parse({ from: '2027-03-01', to: '2027-03-07' }),
    new Date(),
  ),
);
const [customerPage] = await statementsOf((db, access) =>
  customers.listCustomers(db, access.organizationId, ListCustomersQuery.parse({ page: '1', limit: '10' })),
);
console.log(`Node ${process.version}; median of ${options.rounds} calls each, interleaved`);
await timeMapping('sessions, a week (sessions_list)', week, 70, (mapped) =>
  JSON.stringify({ items: mapped.map(sessions.toSession) }),
);
await timeMapping(`customer list (${customerPage.queryConfig.name})`, customerPage, 10, async (mapped) => {
  const { rows, total } = await pageWithTotal(mapped, 1, async () => 0);
  return JSON.stringify({ items: rows.map(customers.toCustomer), total, page: 1, limit: 10 });
});
process.exit(0);
