// `npm run bench:api [-- --duration S --connections C]`: throughput and latency of two authenticated API
// reads — GET /api/organizations/me (bearer JWT verified locally, memberships read from the database) and
// the customer list (page 1 of 2,800 customers) — on the embedded PostgreSQL that `npm start` runs (a
// temporary DATA_DIR) and on the external PostgreSQL server at 127.0.0.1:5432 (a fresh database created and
// dropped here), next to a bare Hono hello-world, all in the same run, so the ratios compare like with like.
// The servers run in child processes; autocannon runs in this one.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  freePort,
  machine,
  onInterrupt,
  parseArgs,
  serverEntry,
  startChild,
  stopChild,
  waitForOk,
} from './lib.mjs';

const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const WARMUP_SECONDS = 1;
const options = parseArgs(process.argv.slice(2), { duration: 10, connections: 50, customers: 2800 });

const state = { dataDirs: [], database: null, children: [] };
const cleanup = onInterrupt(async () => {
  for (const started of state.children) await stopChild(started, 5000);
  if (state.database) await dropDatabase(state.database);
  for (const dataDir of state.dataDirs) await rm(dataDir, { recursive: true, force: true });
});

async function admin(sql) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function dropDatabase(name) {
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

async function call(base, path, { method = 'GET', headers = {}, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

function expectStatus(response, status, what) {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status}: ${response.text.slice(0, 500)}`);
  }
}

/** Signs up a user with three organizations; returns the bearer token. */
async function seed(port) {
  const base = `http://127.0.0.1:${port}`;
  const signUp = await call(base, '/api/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: `http://localhost:${port}` },
    body: {
      email: `bench-${randomUUID()}@example.com`,
      password: 'correct horse battery',
      firstName: 'Bench',
      lastName: 'Mark',
    },
  });
  expectStatus(signUp, 200, 'sign-up');
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const tokenResponse = await call(base, '/api/auth/token', { headers: { cookie } });
  expectStatus(tokenResponse, 200, 'token exchange');
  const { token } = tokenResponse.json();
  const authorization = `Bearer ${token}`;
  for (let i = 1; i <= 3; i += 1) {
    const created = await call(base, '/api/organizations', {
      method: 'POST',
      headers: { authorization },
      body: { name: `Bench Studio ${i}`, description: 'Pilates' },
    });
    expectStatus(created, 201, `create organization ${i}`);
  }
  const mine = await call(base, '/api/organizations/me', { headers: { authorization } });
  expectStatus(mine, 200, 'GET /api/organizations/me');
  const owned = mine.json().owned;
  if (owned?.length !== 3)
    throw new Error(`GET /api/organizations/me listed ${owned?.length} owned organizations, not 3`);
  const organizationId = owned[0].id;
  await seedCustomers(base, authorization, organizationId);
  return { authorization, organizationId };
}

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Heitor',
  'Isabela',
  'João',
];
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Costa',
  'Almeida',
  'Conceição',
];

/** Creates the customers through the API, 10 requests at a time. */
async function seedCustomers(base, authorization, organizationId) {
  let next = 0;
  const worker = async () => {
    while (next < options.customers) {
      const i = next++;
      const created = await call(base, `/api/organizations/${organizationId}/customers`, {
        method: 'POST',
        headers: { authorization },
        body: {
          firstName: FIRST_NAMES[i % FIRST_NAMES.length],
          lastName: `${LAST_NAMES[i % LAST_NAMES.length]} ${i}`,
          email: `customer-${i}@example.com`,
          phone: `+55119${String(10000000 + i).padStart(8, '0')}`,
        },
      });
      expectStatus(created, 201, `create customer ${i}`);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
}

async function load(url, headers) {
  const settings = { url, headers, connections: options.connections };
  await autocannon({ ...settings, duration: WARMUP_SECONDS });
  return autocannon({ ...settings, duration: options.duration });
}

function summarize(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result['2xx'] + result.non2xx,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    codes: Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' '),
  };
}

function row(label, s) {
  return (
    `${label.padEnd(26)}${s.rps.toFixed(0).padStart(9)}${s.p50.toFixed(1).padStart(10)}${s.p99.toFixed(1).padStart(10)}` +
    `${String(s.non2xx).padStart(9)}${String(s.errors).padStart(8)}${String(s.timeouts).padStart(10)}   ${s.codes}`
  );
}

/** Starts the real server on `databaseUrl` ('' = the embedded PostgreSQL) and seeds it. */
async function startServer(entry, databaseUrl) {
  const dataDir = await mkdtemp(join(tmpdir(), 'reformer-bench-api-'));
  state.dataDirs.push(dataDir);
  const port = await freePort();
  const api = startChild(entry.args, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AUTH_RATE_LIMIT_MAX: '100000',
  });
  state.children.push(api);
  await waitForOk(`http://127.0.0.1:${port}/api/health`, api);
  const { authorization, organizationId } = await seed(port);
  const base = `http://127.0.0.1:${port}/api/organizations`;
  return {
    api,
    authorization,
    urls: { me: `${base}/me`, customers: `${base}/${organizationId}/customers?page=1&limit=10` },
  };
}

/** Loads each read on both servers in the order A B B A, so drift on a shared machine favours neither. */
async function measureBoth(embedded, external) {
  const results = { embedded: {}, external: {} };
  for (const read of ['me', 'customers']) {
    const runs = { embedded: [], external: [] };
    for (const side of ['embedded', 'external', 'external', 'embedded']) {
      const server = side === 'embedded' ? embedded : external;
      runs[side].push(summarize(await load(server.urls[read], { authorization: server.authorization })));
    }
    for (const side of ['embedded', 'external']) results[side][read] = mergeRuns(runs[side]);
  }
  return results;
}

/** Two runs of one read as one row: mean req/s and latency, summed counts. */
function mergeRuns([a, b]) {
  const mean = (key) => (a[key] + b[key]) / 2;
  return {
    rps: mean('rps'),
    p50: mean('p50'),
    p99: mean('p99'),
    total: a.total + b.total,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    codes: [a.codes, b.codes].filter(Boolean).join(' '),
  };
}

async function main() {
  console.log(
    'Reformer API load: embedded PostgreSQL vs the external PostgreSQL server vs a bare Hono hello-world',
  );
  console.log(`Machine: ${machine()}`);
  console.log(
    `autocannon: ${options.connections} connections, ${options.duration} s each (after a ${WARMUP_SECONDS} s warm-up), ` +
      'two runs per server and read in the order embedded, external, external, embedded (mean shown); ' +
      `${options.customers} customers in the listed organization`,
  );
  const entry = serverEntry();
  console.log(`${entry.fallback ? '!!! ' : ''}Server: node ${entry.args.join(' ')}; ${entry.note}.\n`);

  const name = `reformer_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin(`CREATE DATABASE "${name}"`);
  state.database = name;

  const servers = [
    await startServer(entry, ''),
    await startServer(entry, `postgres://postgres@127.0.0.1:5432/${name}`),
  ];
  const { embedded, external } = await measureBoth(...servers);
  for (const server of servers) {
    const stopped = await stopChild(server.api);
    if (!stopped.clean)
      console.log(`note: a server did not stop cleanly (code ${stopped.code}, signal ${stopped.signal})`);
  }

  const helloPort = await freePort();
  const hello = startChild(['bench/hello-server.mjs'], { PORT: String(helloPort) });
  state.children.push(hello);
  await waitForOk(`http://127.0.0.1:${helloPort}/`, hello);
  const bare = summarize(await load(`http://127.0.0.1:${helloPort}/`, {}));
  await stopChild(hello);
  state.children = [];

  console.log(
    `${''.padEnd(36)}${'req/s avg'.padStart(9)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}${'timeouts'.padStart(10)}   status codes`,
  );
  const rows = [
    ['organizations/me, embedded', embedded.me],
    ['organizations/me, external', external.me],
    ['customer list, embedded', embedded.customers],
    ['customer list, external', external.customers],
    ['Hono hello-world', bare],
  ];
  for (const [label, summary] of rows) console.log(row(label, summary));
  console.log('\nRatios (target: embedded ≥ 0.9× external)');
  for (const read of ['me', 'customers']) {
    const label = read === 'me' ? 'organizations/me' : 'customer list  ';
    console.log(
      `  ${label}  embedded ÷ external req/s: ${(embedded[read].rps / external[read].rps).toFixed(2)}` +
        `   hello ÷ external req/s: ${(bare.rps / external[read].rps).toFixed(1)}`,
    );
  }

  const problems = [];
  for (const [label, summary] of rows) {
    if (summary.non2xx > 0) problems.push(`${label}: ${summary.non2xx} non-2xx answers (${summary.codes})`);
    if (summary.errors > 0 || summary.timeouts > 0)
      problems.push(`${label}: ${summary.errors} connection errors / ${summary.timeouts} timeouts`);
  }
  if (entry.fallback) problems.push('the server ran from the fallback entry (web build failing), see above');
  if (problems.length) {
    console.log('\n!!!!!!!! WARNING: THESE FIGURES ARE NOT A CLEAN MEASUREMENT !!!!!!!!');
    for (const problem of problems) console.log(`!!! ${problem}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:api failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
