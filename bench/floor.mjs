// `npm run bench:load -- --floor`: the customer list's floor, bench/floor-server.mjs, started beside the server on
// the studio the bench seeded, and held to the server's answer before it is measured (bench/README.md).
import autocannon from 'autocannon';
import { serverNodeOptions } from '../scripts/server-node-options.mjs';
import { call, expectStatus, freePort, startChild, waitForOk } from './lib.mjs';

/** The list the floor answers. */
export const FLOOR_LIST = 'customer list';

const FLOOR_WARMUP_REQUESTS = 5000;

/**
 * The one statement the server sends for `path` (the membership aside: the floor's caller is the cache's hit),
 * built by the server's own code (server-statements.mjs), so the floor runs the app's SQL, not a copy of it.
 */
async function customerListStatement(organizationId, path) {
  const { orgReadStatements } = await import('./server-statements.mjs');
  const service = await import('../apps/server/src/modules/customers/customers.service.ts');
  const { ListCustomersQuery } = await import('@reformer/domain/customers');
  const query = ListCustomersQuery.parse(Object.fromEntries(new URL(path, 'http://floor').searchParams));
  const caller = { organizationId, userId: 'floor', sessionId: 'floor', orgRole: 'OWNER' };
  const sent = await orgReadStatements(caller, (db, access) =>
    service.listCustomers(db, access.organizationId, query),
  );
  const reads = sent.filter((statement) => statement.name !== 'load_membership');
  if (reads.length !== 1)
    throw new Error(
      `--floor: the customer list now sends ${reads.length} statements; bench/floor-server.mjs answers it from one`,
    );
  const [{ name, text, values }] = reads;
  return { name, text, values };
}

/** The options the server's tenant pool connects with (db/client.ts), in the order it gives them. */
async function tenantOptions() {
  const { TENANT_POOL_SETTINGS } = await import('../apps/server/src/db/client.ts');
  return [TENANT_POOL_SETTINGS.defaults, TENANT_POOL_SETTINGS.settings].join(' ');
}

/** The floor server for the studio `seeded` on `databaseUrl`, measured as the tree "floor". */
export async function startFloor(database, databaseUrl, seeded) {
  const [, path] = seeded.paths.find(([label]) => label === FLOOR_LIST);
  const port = await freePort();
  const applicationName = `reformer-bench-load-${database}-floor-${process.pid}`;
  const statement = await customerListStatement(seeded.organizationId, path);
  // With `npm start`'s Node options (its young generation) as the server.
  const started = startChild([...serverNodeOptions, 'bench/floor-server.mjs'], {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    FLOOR_PATH: `/api${path}`,
    FLOOR_STATEMENT: JSON.stringify(statement),
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
  return { database, tree, started, port, base, url: databaseUrl, applicationName, studio: seeded };
}

/**
 * The floor measures nothing unless it does the server's work: the same statement (above) and the same bytes
 * for the same call, rows mapped and written as the server's service and route do.
 */
export async function checkFloorAnswer(floor, server) {
  const [, path] = floor.studio.paths.find(([label]) => label === FLOOR_LIST);
  const headers = { authorization: floor.studio.authorization };
  const [own, theirs] = await Promise.all(
    [floor, server].map((s) => call(`${s.base}/api${path}`, '', { headers })),
  );
  expectStatus(own, 200, `GET ${FLOOR_LIST} (floor)`);
  if (own.text === theirs.text) return;
  let at = 0;
  while (own.text[at] === theirs.text[at]) at += 1;
  const around = (text) => text.slice(Math.max(0, at - 80), at + 80);
  throw new Error(
    `--floor: bench/floor-server.mjs no longer answers the customer list as the server does; from character ` +
      `${at}:\n  floor:  …${around(own.text)}\n  server: …${around(theirs.text)}`,
  );
}
