// `npm run bench:api [-- --duration S --connections C --postgres]`: throughput and latency of an
// authenticated API read, GET /api/organizations/me (bearer JWT verified locally, memberships read from the
// database), next to a bare Hono hello-world on the same machine in the same run, so the ratio says how much
// the app costs over the framework. The server is the real one (`node scripts/start.mjs`) on PGlite in a
// temporary DATA_DIR, or with --postgres on a fresh database on postgres://postgres@127.0.0.1:5432 that is
// created and dropped here. Both servers run in child processes; autocannon runs in this one.
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
const options = parseArgs(process.argv.slice(2), { duration: 10, connections: 50, postgres: false });

const state = { dataDir: null, database: null, children: [] };
const cleanup = onInterrupt(async () => {
  for (const started of state.children) await stopChild(started, 5000);
  if (state.database) await dropDatabase(state.database);
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
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
  const owned = mine.json().owned?.length;
  if (owned !== 3) throw new Error(`GET /api/organizations/me listed ${owned} owned organizations, not 3`);
  return authorization;
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

async function main() {
  const database = options.postgres
    ? 'PostgreSQL (127.0.0.1:5432, fresh database)'
    : 'PGlite (temporary DATA_DIR)';
  console.log(
    'Reformer API load: GET /api/organizations/me (bearer, 3 organizations) vs a bare Hono hello-world',
  );
  console.log(`Machine: ${machine()}`);
  console.log(
    `autocannon: ${options.connections} connections, ${options.duration} s each (after a ${WARMUP_SECONDS} s warm-up); database: ${database}`,
  );
  const entry = serverEntry();
  console.log(`${entry.fallback ? '!!! ' : ''}Server: node ${entry.args.join(' ')}; ${entry.note}.\n`);

  state.dataDir = await mkdtemp(join(tmpdir(), 'reformer-bench-api-'));
  let databaseUrl = '';
  if (options.postgres) {
    const name = `reformer_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await admin(`CREATE DATABASE "${name}"`);
    state.database = name;
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${name}`;
  }

  const apiPort = await freePort();
  const api = startChild(entry.args, {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: state.dataDir,
    DATABASE_URL: databaseUrl,
    AUTH_RATE_LIMIT_MAX: '100000',
    LOG_REQUESTS: 'false',
  });
  state.children.push(api);
  await waitForOk(`http://127.0.0.1:${apiPort}/api/health`, api);
  const authorization = await seed(apiPort);

  const helloPort = await freePort();
  const hello = startChild(['bench/hello-server.mjs'], { PORT: String(helloPort) });
  state.children.push(hello);
  await waitForOk(`http://127.0.0.1:${helloPort}/`, hello);

  const me = summarize(await load(`http://127.0.0.1:${apiPort}/api/organizations/me`, { authorization }));
  const base = summarize(await load(`http://127.0.0.1:${helloPort}/`, {}));

  console.log(
    `${''.padEnd(26)}${'req/s avg'.padStart(9)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}${'timeouts'.padStart(10)}   status codes`,
  );
  console.log(row('GET /api/organizations/me', me));
  console.log(row('Hono hello-world', base));
  console.log('\nRatios');
  console.log(`  hello req/s ÷ organizations/me req/s: ${(base.rps / me.rps).toFixed(2)}`);
  const p99Ratio =
    base.p99 > 0 ? (me.p99 / base.p99).toFixed(2) : 'n/a (hello p99 is 0 ms at 1 ms resolution)';
  console.log(`  organizations/me p99 ÷ hello p99:     ${p99Ratio}`);
  console.log(`  (${me.total} requests to the API, ${base.total} to hello-world)`);

  const problems = [];
  if (me.non2xx > 0) problems.push(`${me.non2xx} non-2xx answers from the API (${me.codes})`);
  if (me.errors > 0 || me.timeouts > 0) {
    problems.push(`${me.errors} connection errors / ${me.timeouts} timeouts against the API`);
  }
  if (base.non2xx > 0 || base.errors > 0) problems.push('hello-world answered non-2xx or had errors');
  if (entry.fallback) problems.push('the server ran from the fallback entry (web build failing), see above');
  if (problems.length) {
    console.log('\n!!!!!!!! WARNING: THESE FIGURES ARE NOT A CLEAN MEASUREMENT !!!!!!!!');
    for (const problem of problems) console.log(`!!! ${problem}`);
    if (me.non2xx > 0)
      console.log('!!! The API figures include error answers: they measure errors, not the endpoint.');
  }
  for (const started of [hello, api]) {
    const stopped = await stopChild(started);
    if (!stopped.clean)
      console.log(`note: a server did not stop cleanly (code ${stopped.code}, signal ${stopped.signal})`);
  }
  state.children = [];
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:api failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
