// `npm run bench:backup [-- --customers N --attendance M --duration S --connections C]`: issue #28's backup
// bench, full size by default — one studio with 100,000 customers and 1,000,000 attendance rows on the REAL
// server (`npm start`, embedded PostgreSQL in a temporary DATA_DIR, a backup key made by `npm run backup-key`
// before its start, so the WAL is archived and "Back up now" makes a physical base backup, then a logical one).
// Measures: the request latency (autocannon, the customer list's page 1 as the owner) for --duration seconds
// with no backup running, then while "Back up now" (POST …/backups) runs both kinds, then again after it; each
// run's time and file size (its startedAt/finishedAt and bytes, as the Backups screen shows them); `npm run
// backup` (the CLI, logical only) on the idle server; and `npm run restore` of both files into new DATA_DIRs
// (the server stopped; the physical one replays the WAL archive beside the backups to its end), then the real
// server on each restored DATA_DIR (rows counted, the owner signs in). Prints one table, and PASS/FAIL for the
// issue's target: p99 during the backup ≤ 2 × the median p99 without (the windows before and after).
// A quick check: `npm run bench:backup -- --customers 2000 --attendance 20000 --duration 5`.
import { readFileSync, readlinkSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { femaleFirstNames, lastNames, maleFirstNames } from './customer-names.mjs';
import {
  BENCH_PASSWORD,
  call,
  cookieOf,
  expectStatus,
  f1,
  f2,
  freePort,
  load,
  machine,
  median,
  onInterrupt,
  parseArgs,
  pick,
  prng,
  serverEntry,
  sleep,
  startChild,
  stopChild,
  waitForOk,
} from './lib.mjs';
import { createWeeklySchedules, seedStudio } from './studio-seed.mjs';

const options = parseArgs(process.argv.slice(2), {
  customers: 100_000,
  attendance: 1_000_000,
  duration: 20,
  connections: 10,
  batch: 10_000,
  keep: false,
});
const PER_SESSION = 10;
const TARGET_RATIO = 2;
const WARMUP_SECONDS = 2;
const TIME_ZONE = 'America/Sao_Paulo';
/** One physical + logical run may not take longer than this (the bench gives up and says so). */
const BACKUP_TIMEOUT_MS = 60 * 60 * 1000;

const state = { folder: null, server: null, dataDirs: [] };
const cleanup = onInterrupt(async () => {
  if (state.server) await stopChild(state.server.started, 30_000);
  if (options.keep || !state.folder) return;
  // Run as root, a cluster may live under /var/lib/reformer/clusters, linked from DATA_DIR/postgres.
  for (const dataDir of state.dataDirs) {
    try {
      const target = readlinkSync(join(dataDir, 'postgres'));
      await rm(target, { recursive: true, force: true });
    } catch {
      // Not a link: the cluster is inside DATA_DIR.
    }
  }
  await rm(state.folder, { recursive: true, force: true });
});

const seconds = (msValue) => msValue / 1000;
const mb = (bytes) => bytes / 1024 / 1024;
const isoDate = (date) => date.toISOString().slice(0, 10);

/** `node <script> <args>` from the repo root with `env`, to its end: { code, ms, output }. */
async function runScript(script, args, env) {
  const t0 = performance.now();
  const started = startChild([script, ...args], env);
  const { code, signal } = await started.exited;
  return { code, signal, ms: performance.now() - t0, output: started.output() };
}

function mustSucceed(what, result) {
  if (result.code !== 0)
    throw new Error(`${what} failed (code ${result.code}, signal ${result.signal}):\n${result.output}`);
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// The studio

async function startServer(dataDir) {
  const port = await freePort();
  const started = startChild(serverEntry().args, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    AUTH_RATE_LIMIT_MAX: '1000000',
    LOG_REQUESTS: 'false',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, started);
  return { started, port, base, dataDir };
}

const CUSTOMER_SQL = `insert into customers (organization_id, id, first_name, last_name, date_of_birth, email,
                                             phone, status, created_at, updated_at)
  select $1, * from unnest($2::uuid[], $3::text[], $4::text[], $5::date[], $6::text[], $7::text[],
                           $8::customer_status[], $9::timestamptz[], $9::timestamptz[])`;

/** `total` customers in INSERT … SELECT unnest batches (deterministic); returns their ids. */
async function insertCustomers(client, organizationId, total) {
  const random = prng(28);
  const ids = [];
  const since = Date.parse('2019-01-01T00:00:00Z');
  for (let start = 0; start < total; start += options.batch) {
    const count = Math.min(options.batch, total - start);
    const columns = Array.from({ length: 8 }, () => new Array(count));
    for (let k = 0; k < count; k += 1) {
      const i = start + k;
      const first = random() < 0.75 ? pick(random, femaleFirstNames) : pick(random, maleFirstNames);
      const last = `${pick(random, lastNames)}${random() < 0.5 ? ` ${pick(random, lastNames)}` : ''}`;
      const slug = `${first}.${last}`
        .normalize('NFD')
        .replace(/[^A-Za-z.]/g, '')
        .toLowerCase();
      const createdAt = since + Math.floor(random() * 6 * 365 * 86_400_000);
      const row = [
        uuidv7({ msecs: createdAt }),
        first,
        last,
        `${1950 + Math.floor(random() * 58)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
        `${slug}.${i}@example.com`,
        `(11) 9${String(1000 + Math.floor(random() * 9000))}-${String(i % 10_000).padStart(4, '0')}`,
        random() < 0.9 ? 'ACTIVE' : 'INACTIVE',
        new Date(createdAt).toISOString(),
      ];
      for (let c = 0; c < row.length; c += 1) columns[c][k] = row[c];
      ids.push(row[0]);
    }
    await client.query(CUSTOMER_SQL, [organizationId, ...columns]);
  }
  return ids;
}

/**
 * `sessions` past sessions of the schedules, with SQL: each schedule one a day going back from yesterday
 * (its slot's times, the instants in the studio's zone); returns their ids with their start, oldest first.
 */
async function insertSessions(client, organizationId, scheduleIds, sessions) {
  const perSchedule = Math.ceil(sessions / scheduleIds.length);
  await client.query(
    `insert into schedule_sessions (organization_id, id, schedule_id, scheduled_date, scheduled_start_time,
                                    scheduled_end_time, date, start_time, end_time, starts_at, ends_at,
                                    created_at, updated_at)
       select s.organization_id, uuidv7(), s.id, d.day, s.start_time, s.end_time, d.day, s.start_time,
              s.end_time, (d.day + s.start_time) at time zone $4, (d.day + s.end_time) at time zone $4,
              (d.day + s.start_time) at time zone $4 - interval '14 days',
              (d.day + s.start_time) at time zone $4 - interval '14 days'
         from schedules s
        cross join lateral (select (current_date - k)::date as day from generate_series(1, $3::int) k) d
        where s.organization_id = $1 and s.id = any($2::uuid[])
       on conflict do nothing`,
    [organizationId, scheduleIds, perSchedule, TIME_ZONE],
  );
  const { rows } = await client.query(
    `select id, starts_at from schedule_sessions
      where organization_id = $1 and date < current_date order by starts_at limit $2`,
    [organizationId, sessions],
  );
  return rows;
}

const ATTENDANCE_SQL = `insert into session_attendance
    (organization_id, session_id, customer_id, source, status, reason, checked_in_at, created_at, updated_at)
  select $1, session_id, customer_id, source, status, reason, checked_in_at, created_at, created_at
    from unnest($2::uuid[], $3::uuid[], $4::roster_source[], $5::attendance_status[],
                $6::add_to_session_reason[], $7::timestamptz[], $8::timestamptz[])
      as t(session_id, customer_id, source, status, reason, checked_in_at, created_at)`;

/** `total` attendance rows, PER_SESSION distinct customers a session, in unnest batches. */
async function insertAttendance(client, organizationId, sessions, customerIds, total) {
  const random = prng(2028);
  let columns = Array.from({ length: 7 }, () => []);
  let done = 0;
  const flush = async () => {
    if (columns[0].length === 0) return;
    await client.query(ATTENDANCE_SQL, [organizationId, ...columns]);
    columns = Array.from({ length: 7 }, () => []);
  };
  for (const session of sessions) {
    const startsAt = session.starts_at.getTime();
    const chosen = new Set();
    while (chosen.size < PER_SESSION && done + chosen.size < total) chosen.add(pick(random, customerIds));
    for (const customerId of chosen) {
      const roll = random();
      const added = random() < 0.1;
      const status = roll < 0.88 ? 'CONFIRMED' : roll < 0.96 ? 'CANCELED' : added ? 'TRIAL' : 'CONFIRMED';
      columns[0].push(session.id);
      columns[1].push(customerId);
      columns[2].push(added ? 'ADDED' : 'ENROLLMENT');
      columns[3].push(status);
      columns[4].push(added ? (status === 'TRIAL' ? 'TRIAL_CLASS' : 'REPOSITION') : null);
      columns[5].push(
        status !== 'CANCELED' && random() < 0.9 ? new Date(startsAt - Math.floor(random() * 600_000)) : null,
      );
      columns[6].push(new Date(startsAt - Math.floor(random() * 14 * 86_400_000)));
    }
    done += chosen.size;
    if (columns[0].length >= options.batch) await flush();
    if (done >= total) break;
  }
  await flush();
  return done;
}

/** Until the WAL written so far is sealed in the archive: the seed's archiving must not run into the windows. */
async function waitForArchive(client, dataDir) {
  const { rows } = await client.query('select pg_walfile_name(pg_current_wal_lsn()) as wal');
  await client.query('select pg_switch_wal()');
  const archived = join(dataDir, 'backups', 'wal', `${rows[0].wal}.rfw`);
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      await stat(archived);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${rows[0].wal} never reached the WAL archive`);
      await sleep(250);
    }
  }
}

async function seed(server) {
  const t0 = performance.now();
  const step = (what, since) => console.log(`  ${what}: ${f1(seconds(performance.now() - since))} s`);
  let t = performance.now();
  const studio = await seedStudio(server, {
    prefix: 'bench-backup',
    organization: { name: 'Bench Studio Backup', description: 'Pilates', ownerLastName: 'Backup' },
    establishments: ['Centro'],
    instructorsPerEstablishment: 1,
  });
  const sessions = Math.ceil(options.attendance / PER_SESSION);
  const schedules = Math.max(1, Math.ceil(sessions / 365));
  const nextWeek = new Date(Date.now() + 7 * 86_400_000);
  const { schedules: created } = await createWeeklySchedules(server, studio, {
    total: schedules,
    from: isoDate(nextWeek),
    to: isoDate(new Date(nextWeek.getTime() + 6 * 86_400_000)),
    seed: 28,
    concurrency: 2,
  });
  step(`owner, organization, instructor, ${schedules} schedules (API)`, t);
  const url = readFileSync(join(server.dataDir, 'postgres.url'), 'utf8').trim();
  const client = new pg.Client({ connectionString: url, application_name: 'bench-backup-seed' });
  await client.connect();
  try {
    const organizationId = studio.organization.id;
    t = performance.now();
    const customerIds = await insertCustomers(client, organizationId, options.customers);
    step(`${customerIds.length.toLocaleString('en-US')} customers (SQL unnest batches)`, t);
    t = performance.now();
    const past = await insertSessions(
      client,
      organizationId,
      created.map((schedule) => schedule.id),
      sessions,
    );
    step(`${past.length.toLocaleString('en-US')} past sessions (SQL)`, t);
    t = performance.now();
    const rows = await insertAttendance(client, organizationId, past, customerIds, options.attendance);
    step(`${rows.toLocaleString('en-US')} attendance rows (SQL unnest batches)`, t);
    t = performance.now();
    await client.query('vacuum (analyze)');
    await client.query('checkpoint');
    step('VACUUM (ANALYZE), CHECKPOINT', t);
    t = performance.now();
    await waitForArchive(client, server.dataDir);
    step("the seed's WAL sealed into the archive", t);
    const { rows: sizes } = await client.query(
      `select pg_database_size(current_database()) as db,
              pg_total_relation_size('customers') as customers,
              pg_total_relation_size('session_attendance') as attendance`,
    );
    const seedSeconds = seconds(performance.now() - t0);
    console.log(
      `Seeded in ${f1(seedSeconds)} s. Database ${f1(mb(Number(sizes[0].db)))} MB (customers ` +
        `${f1(mb(Number(sizes[0].customers)))} MB, session_attendance ${f1(mb(Number(sizes[0].attendance)))} MB ` +
        'with their indexes)',
    );
    return {
      studio,
      seedSeconds,
      databaseBytes: Number(sizes[0].db),
      listUrl: `${server.base}/api/organizations/${organizationId}/customers?page=1&limit=10`,
      backupsPath: `/api/organizations/${organizationId}/backups`,
    };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Latency

/** autocannon against `url` until `stop()` (or `duration` s): resolves with its result. */
function startLoad(url, headers, duration) {
  let instance;
  const done = new Promise((resolve, reject) => {
    instance = autocannon(
      { url, headers, connections: options.connections, duration, timeout: 10 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  return { stop: () => instance.stop(), done };
}

const summary = (result) => ({
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  problems: result.non2xx + result.errors + result.timeouts,
  seconds: result.duration,
});

async function window(label, url, headers) {
  const result = await startLoad(url, headers, options.duration).done;
  const s = summary(result);
  console.log(
    `  ${label}: ${s.requests} requests in ${f1(s.seconds)} s, p50 ${s.p50} ms, p99 ${s.p99} ms` +
      `${s.problems ? `, ${s.problems} non-2xx/errors/timeouts` : ''} (load ${load()})`,
  );
  return s;
}

/**
 * "Back up now" as the owner, with the load running until the runs it started are all recorded: the load's
 * latency over exactly the backup, and each run (kind, status, startedAt/finishedAt, bytes, file).
 */
async function backupUnderLoad(server, seeded, headers) {
  const { authorization } = seeded.studio.owner;
  const status = await call(server.base, seeded.backupsPath, { headers: { authorization } });
  expectStatus(status, 200, `GET ${seeded.backupsPath}`);
  const pointInTime = status.json().pointInTime.state;
  const kinds = pointInTime === 'on' ? ['physical', 'logical'] : ['logical'];
  if (pointInTime !== 'on')
    console.log(`!!! point in time is "${pointInTime}", not "on": the server makes no physical backup`);
  const loadRun = startLoad(seeded.listUrl, headers, BACKUP_TIMEOUT_MS / 1000);
  await sleep(1000);
  const t0 = performance.now();
  const posted = await call(server.base, seeded.backupsPath, { method: 'POST', headers: { authorization } });
  expectStatus(posted, 202, `POST ${seeded.backupsPath}`);
  const first = posted.json();
  let runs = [];
  for (;;) {
    const answer = await call(server.base, seeded.backupsPath, { headers: { authorization } });
    expectStatus(answer, 200, `GET ${seeded.backupsPath}`);
    const all = answer.json().runs;
    const since = all.filter((run) => run.startedAt >= first.startedAt);
    runs = kinds.map((kind) => since.find((run) => run.kind === kind)).filter(Boolean);
    if (runs.length === kinds.length && runs.every((run) => run.status !== 'running')) break;
    if (performance.now() - t0 > BACKUP_TIMEOUT_MS) {
      loadRun.stop();
      throw new Error(`the backup did not finish within ${BACKUP_TIMEOUT_MS / 60_000} minutes`);
    }
    await sleep(500);
  }
  const wallMs = performance.now() - t0;
  loadRun.stop();
  const s = summary(await loadRun.done);
  console.log(
    `  during the backup (${runs.map((run) => run.kind).join(' then ')}): ${s.requests} requests in ` +
      `${f1(s.seconds)} s, p50 ${s.p50} ms, p99 ${s.p99} ms` +
      `${s.problems ? `, ${s.problems} non-2xx/errors/timeouts` : ''} (load ${load()})`,
  );
  for (const run of runs) {
    if (run.status !== 'ok') throw new Error(`the ${run.kind} backup ${run.status}: ${run.reason}`);
  }
  return { latency: s, runs, wallMs };
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  console.log(
    `Reformer backup bench: ${options.customers.toLocaleString('en-US')} customers, ` +
      `${options.attendance.toLocaleString('en-US')} attendance rows, embedded PostgreSQL`,
  );
  console.log(`Machine: ${machine()}; load ${load()}`);
  const entry = serverEntry();
  console.log(`${entry.fallback ? '!!! ' : ''}Server: node ${entry.args.join(' ')}; ${entry.note}.`);
  if (options.customers < PER_SESSION) throw new Error(`--customers must be at least ${PER_SESSION}`);

  state.folder = await mkdtemp(join(tmpdir(), 'reformer-bench-backup-'));
  // Enterable by the `postgres` user when run as root, so the clusters live in it and go with it.
  await chmod(state.folder, 0o711);
  const dataDir = join(state.folder, 'data');
  const keyFile = join(state.folder, 'backup-private-key.json');
  state.dataDirs.push(dataDir);

  // The key before the first start: the server archives its WAL only with a key (decision 036).
  const key = mustSucceed(
    'npm run backup-key',
    await runScript('scripts/backup-key.mjs', ['--private-key', keyFile, '--no-passphrase'], {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BACKUP_PASSPHRASE: '',
    }),
  );
  console.log(`Backup key made (no passphrase) in ${f1(seconds(key.ms))} s.`);

  console.log('\nStarting the server and seeding:');
  const server = await startServer(dataDir);
  state.server = server;
  const seeded = await seed(server);
  const headers = { authorization: seeded.studio.owner.authorization };

  console.log(
    `\nLatency of GET customers page 1 as the owner: autocannon, ${options.connections} connections, ` +
      `${options.duration} s windows after a ${WARMUP_SECONDS} s warm-up:`,
  );
  await startLoad(seeded.listUrl, headers, WARMUP_SECONDS).done;
  const before = await window('without a backup (before)', seeded.listUrl, headers);
  const during = await backupUnderLoad(server, seeded, headers);
  await sleep(2000);
  const after = await window('without a backup (after)', seeded.listUrl, headers);

  console.log('\n`npm run backup` (the CLI, logical only) on the idle running server:');
  const cliOut = join(state.folder, 'cli-backup');
  const cli = mustSucceed(
    'npm run backup',
    await runScript('scripts/backup.mjs', ['--out', cliOut], { DATA_DIR: dataDir, DATABASE_URL: '' }),
  );
  const cliFiles = (await readdir(cliOut)).filter((name) => name.endsWith('.rfb'));
  const cliBytes = (await stat(join(cliOut, cliFiles[0]))).size;
  const cliSeconds = Number(/ in ([\d.]+) s\n/.exec(cli.output)?.[1] ?? Number.NaN);
  console.log(`  ${cli.output.trim().split('\n').slice(0, 2).join('\n  ')}`);

  state.server = null;
  const stopped = await stopChild(server.started, 60_000);
  if (!stopped.clean) console.log(`note: the server did not stop cleanly (code ${stopped.code})`);
  const walFiles = await readdir(join(dataDir, 'backups', 'wal'));
  let walBytes = 0;
  for (const name of walFiles) walBytes += (await stat(join(dataDir, 'backups', 'wal', name))).size;

  console.log('\n`npm run restore` of each file into a new DATA_DIR (the server stopped):');
  const restores = new Map();
  for (const run of during.runs) {
    const target = join(state.folder, `restored-${run.kind}`);
    state.dataDirs.push(target);
    const file = join(dataDir, 'backups', run.fileName);
    const args = [file, '--key', keyFile, '--data-dir', target];
    if (run.kind === 'physical') args.push('--wal-archive', join(dataDir, 'backups', 'wal'));
    const result = mustSucceed(
      `npm run restore (${run.kind})`,
      await runScript('scripts/restore.mjs', args, { DATA_DIR: dataDir, DATABASE_URL: '' }),
    );
    const own = Number(/Restored .* in ([\d.]+) s\./.exec(result.output)?.[1] ?? Number.NaN);
    restores.set(run.kind, { ms: result.ms, own });
    const said = result.output
      .trim()
      .split('\n')
      .find((line) => line.startsWith('Restored'));
    console.log(`  ${run.kind}: ${f1(seconds(result.ms))} s for the command; it says "${said}"`);
  }

  console.log(
    '\nEach restored DATA_DIR started with the real server: the rows counted, the owner signing in:',
  );
  for (const run of during.runs) {
    const restored = await startServer(join(state.folder, `restored-${run.kind}`));
    state.server = restored;
    try {
      const url = readFileSync(join(restored.dataDir, 'postgres.url'), 'utf8').trim();
      const client = new pg.Client({ connectionString: url, application_name: 'bench-backup-check' });
      await client.connect();
      const { rows } = await client
        .query(
          `select (select count(*)::int from customers) as customers,
                  (select count(*)::int from session_attendance) as attendance`,
        )
        .finally(() => client.end());
      const path = new URL(seeded.listUrl).pathname + new URL(seeded.listUrl).search;
      // A new bearer: the one issued before names the first server's address (another port here).
      const signIn = await call(restored.base, '/api/auth/sign-in/email', {
        method: 'POST',
        headers: { origin: `http://localhost:${restored.port}` },
        body: { email: 'bench-backup-owner@example.com', password: BENCH_PASSWORD },
      });
      expectStatus(signIn, 200, 'sign-in on the restored server');
      const token = await call(restored.base, '/api/auth/token', { headers: { cookie: cookieOf(signIn) } });
      expectStatus(token, 200, 'GET /api/auth/token on the restored server');
      const list = await call(restored.base, path, {
        headers: { authorization: `Bearer ${token.json().token}` },
      });
      const ok =
        rows[0].customers === options.customers &&
        rows[0].attendance === options.attendance &&
        list.status === 200 &&
        list.json().items.length > 0;
      console.log(
        `  ${run.kind}: ${rows[0].customers.toLocaleString('en-US')} customers, ` +
          `${rows[0].attendance.toLocaleString('en-US')} attendance rows, owner signed in, GET customers page 1 → ${list.status}: ` +
          `${ok ? 'OK' : '!!! NOT AS SEEDED'}`,
      );
      if (!ok) process.exitCode = 1;
    } finally {
      state.server = null;
      await stopChild(restored.started, 60_000);
    }
  }

  // ------------------------------------------------------------------------------------------------------
  const head = `${'kind'.padEnd(26)}${'backup s'.padStart(10)}${'file MB'.padStart(10)}${'restore s'.padStart(11)}${"(restore's own)".padStart(17)}`;
  console.log(`\n${head}\n${'-'.repeat(head.length)}`);
  for (const run of during.runs) {
    const backupSeconds = (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000;
    const restore = restores.get(run.kind);
    console.log(
      `${`${run.kind} (Back up now)`.padEnd(26)}${f1(backupSeconds).padStart(10)}${f1(mb(run.bytes)).padStart(10)}` +
        `${f1(seconds(restore.ms)).padStart(11)}${f1(restore.own).padStart(17)}`,
    );
  }
  console.log(
    `${'logical (npm run backup)'.padEnd(26)}${f1(cliSeconds).padStart(10)}${f1(mb(cliBytes)).padStart(10)}` +
      `${'—'.padStart(11)}${'—'.padStart(17)}`,
  );
  console.log(
    `Database ${f1(mb(seeded.databaseBytes))} MB; WAL archive ${walFiles.length} files, ${f1(mb(walBytes))} MB ` +
      `(the seed's WAL included). "Back up now" end to end (POST to both recorded): ${f1(seconds(during.wallMs))} s. ` +
      "Backup seconds: the run's startedAt → finishedAt. Restore: the command's wall time (tsx start-up " +
      'included) and, in brackets, the time it prints; the physical one replays the WAL archive to its end.',
  );
  console.log(`Seeding took ${f1(seeded.seedSeconds)} s.`);

  // The machine is shared: the baseline is the median of the windows before and after the backup.
  const baseline = median([before.p99, after.p99]);
  const ratio = during.latency.p99 / baseline;
  const lhead = `${'latency (ms)'.padEnd(30)}${'req/s'.padStart(8)}${'p50'.padStart(7)}${'p99'.padStart(7)}`;
  console.log(`\n${lhead}\n${'-'.repeat(lhead.length)}`);
  for (const [label, s] of [
    ['without backup (before)', before],
    ['during the backup', during.latency],
    ['without backup (after)', after],
  ])
    console.log(
      `${label.padEnd(30)}${s.rps.toFixed(0).padStart(8)}${String(s.p50).padStart(7)}${String(s.p99).padStart(7)}`,
    );
  const pass = ratio <= TARGET_RATIO;
  console.log(
    `p99 during ÷ without (the median of before and after, ${baseline} ms): ${f2(ratio)} → ` +
      `${pass ? 'PASS' : 'FAIL'} (target ≤ ${TARGET_RATIO}×); ÷ before alone ${f2(during.latency.p99 / before.p99)}, ` +
      `÷ after alone ${f2(during.latency.p99 / after.p99)}`,
  );
  const problems = [before, during.latency, after].reduce((sum, s) => sum + s.problems, 0);
  if (problems) {
    console.log(`!!! ${problems} non-2xx answers, errors or timeouts in the latency windows`);
    process.exitCode = 1;
  }
  if (!pass) process.exitCode = 1;
  if (options.keep) console.log(`\nKept: ${state.folder}`);
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:backup failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
