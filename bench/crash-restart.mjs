// `npm run bench:crash [-- --rounds N --postgres]`: durability of acknowledged writes across `kill -9`.
// Each round starts the real server (`node scripts/start.mjs`) on one data folder, creates customers from
// 8 concurrent writers, kills the server with SIGKILL at a random moment while they write, then:
//   - (embedded) checks that no PostgreSQL of the killed server is left running after 10 s;
//   - restarts on the same folder and checks that every customer the API acknowledged (201) is there.
// With --postgres the server uses a fresh database on the PostgreSQL at 127.0.0.1:5432 instead.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  freePort,
  machine,
  onInterrupt,
  parseArgs,
  serverEntry,
  sleep,
  startChild,
  stopChild,
  waitForOk,
} from './lib.mjs';

const options = parseArgs(process.argv.slice(2), { rounds: 20, postgres: false });
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const state = { dataDir: null, database: null, children: [] };
const cleanup = onInterrupt(async () => {
  for (const started of state.children) await stopChild(started, 5000);
  if (state.database) await admin(`DROP DATABASE IF EXISTS "${state.database}" WITH (FORCE)`);
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
});

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function call(port, path, { method = 'GET', headers = {}, body } = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: () => JSON.parse(text), text };
}

async function startServer(env) {
  const port = await freePort();
  const started = startChild(serverEntry().args, { PORT: String(port), HOST: '127.0.0.1', ...env });
  state.children.push(started);
  await waitForOk(`http://127.0.0.1:${port}/api/health`, started);
  return { port, started };
}

/** A user with one organization; returns its bearer header and organization id. */
async function seed(port) {
  const signUp = await call(port, '/api/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: `http://localhost:${port}` },
    body: {
      email: `crash-${randomUUID()}@example.com`,
      password: 'correct horse battery',
      firstName: 'Crash',
      lastName: 'Test',
    },
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const { token } = (await call(port, '/api/auth/token', { headers: { cookie } })).json();
  const authorization = `Bearer ${token}`;
  const created = await call(port, '/api/organizations', {
    method: 'POST',
    headers: { authorization },
    body: { name: 'Crash Studio', description: 'Pilates' },
  });
  return { authorization, organizationId: created.json().id, cookie };
}

/** Writers create customers until the server dies; resolves with the ids it acknowledged. */
async function writeUntilKilled(port, session, acknowledged) {
  const writer = async (w) => {
    for (let i = 0; ; i += 1) {
      try {
        const created = await call(port, `/api/organizations/${session.organizationId}/customers`, {
          method: 'POST',
          headers: { authorization: session.authorization },
          body: { firstName: `Writer${w}`, lastName: `Row ${i}` },
        });
        if (created.status === 201) acknowledged.push(created.json().id);
      } catch {
        return; // connection refused or reset: the server is gone
      }
    }
  };
  return Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
}

function postgresOf(serverPid) {
  try {
    return execFileSync('pgrep', ['-f', `reformer.owner_pid=${serverPid}`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function main() {
  console.log(
    `Reformer crash test: ${options.rounds} rounds of kill -9 during writes, ${options.postgres ? 'PostgreSQL at 127.0.0.1:5432' : 'embedded PostgreSQL'}`,
  );
  console.log(`Machine: ${machine()}\n`);
  state.dataDir = await mkdtemp(join(tmpdir(), 'reformer-bench-crash-'));
  let databaseUrl = '';
  if (options.postgres) {
    state.database = `reformer_crash_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await admin(`CREATE DATABASE "${state.database}"`);
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${state.database}`;
  }
  const env = { DATA_DIR: state.dataDir, DATABASE_URL: databaseUrl, AUTH_RATE_LIMIT_MAX: '100000' };
  const acknowledged = [];
  let session = null;
  let lost = 0;
  let orphans = 0;
  for (let round = 1; round <= options.rounds; round += 1) {
    const { port, started } = await startServer(env);
    session ??= await seed(port);
    // A token from before the crash still verifies (same signing keys); refresh it anyway for its lifetime.
    const { token } = (await call(port, '/api/auth/token', { headers: { cookie: session.cookie } })).json();
    session.authorization = `Bearer ${token}`;
    const before = acknowledged.length;
    const writing = writeUntilKilled(port, session, acknowledged);
    await sleep(300 + Math.random() * 1200);
    process.kill(-started.child.pid, 'SIGKILL');
    await started.exited;
    await writing;
    state.children = state.children.filter((child) => child !== started);

    let left = [];
    if (!options.postgres) {
      const deadline = Date.now() + 10_000;
      do {
        left = postgresOf(started.child.pid);
        if (left.length) await sleep(100);
      } while (left.length && Date.now() < deadline);
      orphans += left.length;
    }

    const check = await startServer(env);
    const missing = [];
    for (const id of acknowledged) {
      const found = await call(check.port, `/api/organizations/${session.organizationId}/customers/${id}`, {
        headers: { authorization: session.authorization },
      });
      if (found.status === 401) {
        const refreshed = (
          await call(check.port, '/api/auth/token', { headers: { cookie: session.cookie } })
        ).json();
        session.authorization = `Bearer ${refreshed.token}`;
      }
      if (found.status === 404) missing.push(id);
    }
    lost += missing.length;
    console.log(
      `round ${String(round).padStart(2)}: ${acknowledged.length - before} writes acknowledged before kill -9; ` +
        `${acknowledged.length} in all, ${missing.length} missing after restart` +
        (options.postgres ? '' : `; PostgreSQL left running: ${left.length}`),
    );
    await stopChild(check.started);
    state.children = state.children.filter((child) => child !== check.started);
  }
  console.log(
    `\n${acknowledged.length} acknowledged writes, ${lost} lost; orphaned PostgreSQL processes: ${orphans}`,
  );
  if (lost || orphans) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:crash failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
