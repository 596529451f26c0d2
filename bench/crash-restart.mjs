// `npm run bench:crash [-- --rounds N --postgres]`: durability of acknowledged writes across `kill -9`, a
// pass/fail suite (exit 1 on any loss). One data folder (or, with --postgres, one fresh database on the
// PostgreSQL at 127.0.0.1:5432) for the whole run; each round:
//   1. starts the real server (`node scripts/start.mjs`) on it — the database must open;
//   2. lists every customer through the API: each write acknowledged (201) in any earlier round must be there;
//   3. 8 concurrent writers create customers while a customer import of 4,000 rows runs (one transaction),
//      and after 0.3–1.5 s the server is killed with SIGKILL;
//      embedded, on every second round its PostgreSQL is killed with SIGKILL at the same instant (a power
//      cut: the next start runs crash recovery), otherwise its watchdog must stop it within 10 s.
//   4. (at the next start) the round's import is all there or not there at all — never a part — and all
//      there when it was acknowledged (200).
// A last start checks the last round's writes. `.ci/run` runs 3 rounds of each mode; the default is 20.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  call,
  cookieOf,
  expectStatus,
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
const WRITERS = 8;
const IMPORT_ROWS = 4000;
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

async function startServer(env) {
  const port = await freePort();
  const t0 = performance.now();
  const started = startChild(serverEntry().args, { PORT: String(port), HOST: '127.0.0.1', ...env });
  state.children.push(started);
  await waitForOk(`http://127.0.0.1:${port}/api/health`, started);
  return { base: `http://127.0.0.1:${port}`, port, started, startMs: performance.now() - t0 };
}

/** A user with one organization: its session cookie (a bearer token is fetched per server) and the id. */
async function seed(server) {
  const signUp = await call(server.base, '/api/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: `http://localhost:${server.port}` },
    body: {
      email: `crash-${randomUUID()}@example.com`,
      password: 'correct horse battery',
      firstName: 'Crash',
      lastName: 'Test',
    },
  });
  expectStatus(signUp, 200, 'sign-up');
  const session = { cookie: cookieOf(signUp), authorization: await bearer(server, cookieOf(signUp)) };
  const created = await call(server.base, '/api/organizations', {
    method: 'POST',
    headers: { authorization: session.authorization },
    body: { name: 'Crash Studio', description: 'Pilates' },
  });
  expectStatus(created, 201, 'create organization');
  return { ...session, organizationId: created.json().id };
}

async function bearer(server, cookie) {
  const response = await call(server.base, '/api/auth/token', { headers: { cookie } });
  expectStatus(response, 200, 'GET /api/auth/token');
  return `Bearer ${response.json().token}`;
}

/** Every writer's customer id the API lists, 100 a page (the imported customers are counted apart). */
async function listedIds(server, session) {
  const ids = new Set();
  for (let page = 1; ; page += 1) {
    const response = await call(
      server.base,
      `/api/organizations/${session.organizationId}/customers?search=writer&page=${page}&limit=100`,
      { headers: { authorization: session.authorization } },
    );
    expectStatus(response, 200, 'list customers');
    const { items, total } = response.json();
    for (const item of items) ids.add(item.id);
    if (items.length === 0 || page * 100 >= total) return ids;
  }
}

/** Writers create customers until the server dies; each 201's id goes to `acknowledged`. */
function writeUntilKilled(server, session, acknowledged) {
  const writer = async (w) => {
    for (let i = 0; ; i += 1) {
      try {
        const created = await call(server.base, `/api/organizations/${session.organizationId}/customers`, {
          method: 'POST',
          headers: { authorization: session.authorization },
          body: { firstName: `Writer${w}`, lastName: `Row ${i}` },
        });
        if (created.status === 201) acknowledged.push(created.json().id);
        else if (created.status >= 500)
          throw new Error(`a write answered ${created.status}: ${created.text}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('a write answered')) throw error;
        return; // connection refused or reset: the server is gone
      }
    }
  };
  return Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
}

/** A word only round `round`'s imported customers carry, so a search counts exactly them. */
const importMark = (round) => `Lote${String(round).padStart(2, '0')}x`;

/**
 * One customer import of IMPORT_ROWS rows through the API while the writers run: resolves to 'acknowledged'
 * on its 200, to 'cut' when the server died first.
 */
async function importUntilKilled(server, session, round) {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => `Importado${i};${importMark(round)}`);
  const form = new FormData();
  form.append('file', new Blob([`Nome;Sobrenome\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'lote.csv');
  form.append('mapping', JSON.stringify(['firstName', 'lastName']));
  form.append('skipInvalid', 'false');
  try {
    const response = await fetch(
      `${server.base}/api/organizations/${session.organizationId}/customers/import`,
      {
        method: 'POST',
        headers: { authorization: session.authorization },
        body: form,
      },
    );
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`the import answered ${response.status}: ${text.slice(0, 300)}`);
    return 'acknowledged';
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('the import answered')) throw error;
    return 'cut';
  }
}

/** How many of round `round`'s imported customers the API lists. */
async function importedCount(server, session, round) {
  const response = await call(
    server.base,
    `/api/organizations/${session.organizationId}/customers?search=${importMark(round).toLowerCase()}&page=1&limit=1`,
    { headers: { authorization: session.authorization } },
  );
  expectStatus(response, 200, 'count imported customers');
  return response.json().total;
}

/** The embedded PostgreSQL processes (postmaster and backends) a server started, by its owner tag. */
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

async function waitUntilGone(serverPid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let left = postgresOf(serverPid);
  while (left.length && Date.now() < deadline) {
    await sleep(100);
    left = postgresOf(serverPid);
  }
  return left;
}

/** Checks that every acknowledged id is listed; returns what is missing and how many unacknowledged rows committed. */
async function verify(server, session, acknowledged) {
  const listed = await listedIds(server, session);
  const missing = acknowledged.filter((id) => !listed.has(id));
  return { missing, extra: listed.size - (acknowledged.length - missing.length) };
}

async function main() {
  const where = options.postgres ? 'PostgreSQL at 127.0.0.1:5432' : 'embedded PostgreSQL';
  console.log(`Reformer crash suite: ${options.rounds} rounds of kill -9 during writes, ${where}`);
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
  const totals = { lost: 0, orphans: 0, powerCuts: 0, startMs: [], partialImports: 0 };
  const imports = { acknowledged: 0, cutWhole: 0, cutNone: 0 };
  let session = null;
  let lastImport = null;
  for (let round = 1; round <= options.rounds + 1; round += 1) {
    const server = await startServer(env);
    totals.startMs.push(server.startMs);
    session ??= await seed(server);
    // A token from before the crash still verifies (same signing keys); a fresh one outlives the round.
    session.authorization = await bearer(server, session.cookie);
    const { missing, extra } = await verify(server, session, acknowledged);
    totals.lost += missing.length;
    let importNote = '';
    if (lastImport) {
      const found = await importedCount(server, session, lastImport.round);
      const whole = found === IMPORT_ROWS;
      if ((found !== 0 && !whole) || (lastImport.outcome === 'acknowledged' && !whole))
        totals.partialImports += 1;
      if (lastImport.outcome === 'acknowledged') imports.acknowledged += 1;
      else if (whole) imports.cutWhole += 1;
      else if (found === 0) imports.cutNone += 1;
      importNote = `; round ${lastImport.round}'s import (${lastImport.outcome}): ${found} of ${IMPORT_ROWS} rows`;
    }
    const opened = `opened in ${(server.startMs / 1000).toFixed(1)} s, ${acknowledged.length} acknowledged writes checked, ${missing.length} missing${extra ? ` (+${extra} committed unacknowledged)` : ''}${importNote}`;
    if (round > options.rounds) {
      console.log(`final start: ${opened}`);
      await stopChild(server.started);
      break;
    }

    const before = acknowledged.length;
    const writing = writeUntilKilled(server, session, acknowledged);
    const importing = importUntilKilled(server, session, round);
    await sleep(300 + Math.random() * 1200);
    const powerCut = !options.postgres && round % 2 === 0;
    const postgres = powerCut ? postgresOf(server.started.child.pid) : [];
    process.kill(-server.started.child.pid, 'SIGKILL');
    for (const pid of postgres) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    if (powerCut) totals.powerCuts += 1;
    await server.started.exited;
    await writing;
    lastImport = { round, outcome: await importing };
    state.children = state.children.filter((child) => child !== server.started);
    const left = options.postgres ? [] : await waitUntilGone(server.started.child.pid, 10_000);
    totals.orphans += left.length;
    console.log(
      `round ${String(round).padStart(2)}: ${opened}; then ${acknowledged.length - before} writes acknowledged ` +
        `before kill -9${powerCut ? ' of the server and its PostgreSQL' : ''}` +
        (options.postgres ? '' : `; PostgreSQL left running after 10 s: ${left.length}`),
    );
  }
  const starts = [...totals.startMs].sort((a, b) => a - b);
  console.log(
    `\n${options.rounds} rounds (${where}${totals.powerCuts ? `, ${totals.powerCuts} with PostgreSQL killed too` : ''}): ` +
      `${acknowledged.length} acknowledged writes, ${totals.lost} lost; ` +
      `orphaned PostgreSQL processes: ${totals.orphans}; start to first 200 median ` +
      `${(starts[Math.floor(starts.length / 2)] / 1000).toFixed(1)} s, max ${(starts.at(-1) / 1000).toFixed(1)} s`,
  );
  console.log(
    `imports of ${IMPORT_ROWS} rows: ${imports.acknowledged} acknowledged and whole; cut by the kill: ` +
      `${imports.cutWhole} committed whole, ${imports.cutNone} left nothing; partial: ${totals.partialImports}`,
  );
  const failed = totals.lost || totals.orphans || totals.partialImports;
  console.log(failed ? 'FAIL' : 'PASS');
  if (failed) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:crash failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
