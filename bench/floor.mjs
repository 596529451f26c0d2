// `npm run bench:load -- --floor`: the floor of the customer list and of the week of sessions, bench/floor-server.mjs,
// started beside the server on the studio the bench seeded, and held to the server's answer before it is measured
// (bench/README.md).
import autocannon from 'autocannon';
import { serverNodeOptions } from '../scripts/server-node-options.mjs';
import { call, expectStatus, freePort, startChild, waitForOk } from './lib.mjs';

/** The lists a floor answers, and the server's service call behind each, as its route makes it. */
const FLOOR_READS = {
  'customer list': async (query) => {
    const service = await import('../apps/server/src/modules/customers/customers.service.ts');
    const { ListCustomersQuery } = await import('@reformer/domain/customers');
    return (db, access) => service.listCustomers(db, access.organizationId, ListCustomersQuery.parse(query));
  },
  'sessions, a week': async (query) => {
    const service = await import('../apps/server/src/modules/sessions/sessions.service.ts');
    const { SessionListQuery } = await import('@reformer/domain/sessions');
    return (db, access) => service.listSessions(db, access, SessionListQuery.parse(query), new Date());
  },
};
export const FLOOR_LISTS = Object.keys(FLOOR_READS);

const FLOOR_WARMUP_REQUESTS = 5000;

/**
 * The statements the server sends for `path` (the membership aside: the floor's caller is the cache's hit), in
 * order, built by the server's own code (server-statements.mjs), so the floor runs the app's SQL, not a copy of
 * it; `rowsOf` is the one whose rows the answer holds.
 */
async function listStatements(label, organizationId, path) {
  const { orgReadStatements } = await import('./server-statements.mjs');
  const read = await FLOOR_READS[label](Object.fromEntries(new URL(path, 'http://floor').searchParams));
  const caller = { organizationId, userId: 'floor', sessionId: 'floor', orgRole: 'ORG_OWNER' };
  const sent = await orgReadStatements(caller, read);
  const statements = sent
    .filter((statement) => statement.name !== 'load_membership')
    .map(({ name, text, values }) => ({ name, text, values }));
  const withValues = statements.filter((statement) => statement.values.length > 0);
  if (withValues.length !== 1)
    throw new Error(
      `--floor: the ${label} now sends ${withValues.length} statements with values; the floor reads one`,
    );
  const rowsOf = statements.indexOf(withValues[0]);
  return { statements, rowsOf };
}

/** The options the server's tenant pool connects with (db/client.ts), in the order it gives them. */
async function tenantOptions() {
  const { TENANT_POOL_SETTINGS } = await import('../apps/server/src/db/client.ts');
  return [TENANT_POOL_SETTINGS.defaults, TENANT_POOL_SETTINGS.settings].join(' ');
}

/** The floor server of the list `label` for the studio `seeded` on `databaseUrl`, measured as the tree "floor". */
export async function startFloor(database, databaseUrl, seeded, label) {
  const [, path] = seeded.paths.find(([own]) => own === label);
  const port = await freePort();
  // Its own name per list: the bench reads a tree's PostgreSQL CPU from the backends that carry it.
  const applicationName = `reformer-bench-load-${database}-floor-${label.replace(/\W+/g, '-')}-${process.pid}`;
  const statements = await listStatements(label, seeded.organizationId, path);
  // With `npm start`'s Node options (its young generation) as the server.
  const started = startChild([...serverNodeOptions, 'bench/floor-server.mjs'], {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    FLOOR_LIST: label,
    FLOOR_PATH: `/api${path}`,
    FLOOR_STATEMENTS: JSON.stringify(statements),
    FLOOR_PG_OPTIONS: await tenantOptions(),
    AUTHORIZATION: seeded.authorization,
    PGAPPNAME: applicationName,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/health`, started);
  // Warmed as the server is by the seeding: a process this small is still compiling its code in its first
  // thousands of requests, which the bench's 1 s warm-up before each run does not cover.
  await autocannon({
    url: `${base}/api${path}`,
    headers: { authorization: seeded.authorization },
    connections: 10,
    amount: FLOOR_WARMUP_REQUESTS,
  });
  const tree = { name: 'floor' };
  return { database, label, tree, started, port, base, url: databaseUrl, applicationName, studio: seeded };
}

/**
 * The floor measures nothing unless it does the server's work: the same statement (above) and the same bytes
 * for the same call, rows mapped and written as the server's service and route do.
 */
export async function checkFloorAnswer(floor, server) {
  const [, path] = floor.studio.paths.find(([label]) => label === floor.label);
  const headers = { authorization: floor.studio.authorization };
  const [own, theirs] = await Promise.all(
    [floor, server].map((s) => call(`${s.base}/api${path}`, '', { headers })),
  );
  expectStatus(own, 200, `GET ${floor.label} (floor)`);
  if (own.text === theirs.text) return;
  let at = 0;
  while (own.text[at] === theirs.text[at]) at += 1;
  const around = (text) => text.slice(Math.max(0, at - 80), at + 80);
  throw new Error(
    `--floor: bench/floor-server.mjs no longer answers the ${floor.label} as the server does; from character ` +
      `${at}:\n  floor:  …${around(own.text)}\n  server: …${around(theirs.text)}`,
  );
}
