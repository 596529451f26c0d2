// `npm run bench:load [-- --duration S --customers N --connections "50,200" --cpu-prof --only "sessions|customer list" --embedded-only]`: the main list endpoints under load —
// customers (page 1, and a search), the sessions calendar (a week), enrollments and payments (page 1) — at 50
// and 200 connections, on the embedded PostgreSQL (`npm start` without DATABASE_URL, a temporary DATA_DIR) and
// on the PostgreSQL server at 127.0.0.1:5432 (a fresh database, dropped at the end), next to a bare Hono
// hello-world, all in one run. autocannon runs in this process; each server in a child process.
// Per run: req/s, p50/p99, non-2xx, errors, timeouts; then the ratios to hello-world and embedded ÷ PostgreSQL.
// --cpu-prof: the servers run under `node --cpu-prof` and write their profiles to bench/profiles/<database>/
// when stopped (one per thread: the largest is the server's main thread; `node bench/profile-summary.mjs` reads it).
// --only: the endpoints whose label contains this text (or one of several, "a|b"); --embedded-only: no PostgreSQL server run (to measure one
// endpoint in isolation, and its profile without the other endpoints' samples); --connections: the connection counts
// to run (CI runs 200 alone: the one that finds pool exhaustion and timeouts; the 250 ms target is read at 50).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { femaleFirstNames, lastNames } from './customer-names.mjs';
import {
  call,
  expectStatus,
  freePort,
  machine,
  onInterrupt,
  parseArgs,
  post,
  root,
  serverEntry,
  startChild,
  stopChild,
  waitForOk,
} from './lib.mjs';
import { createPlans, createWeeklySchedules, seedStudio } from './studio-seed.mjs';

const options = parseArgs(process.argv.slice(2), {
  duration: 10,
  customers: 2800,
  schedules: 30,
  'cpu-prof': false,
  only: '',
  'embedded-only': false,
  connections: '50,200',
});
const CONNECTIONS = options.connections.split(',').map((count) => {
  const connections = Number(count);
  if (!Number.isInteger(connections) || connections < 1) throw new Error(`--connections: bad count ${count}`);
  return connections;
});
const WARMUP_SECONDS = 1;
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const EMBEDDED_P99_TARGET_MS = 250;
const PROFILE_DIR = join(root, 'bench/profiles');

const state = { dataDirs: [], database: null, children: [] };
const cleanup = onInterrupt(async () => {
  for (const started of state.children) await stopChild(started, 10_000);
  if (state.database) await admin(`DROP DATABASE IF EXISTS "${state.database}" WITH (FORCE)`);
  for (const dataDir of state.dataDirs) await rm(dataDir, { recursive: true, force: true });
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

const isoDate = (date) => date.toISOString().slice(0, 10);
const shiftDays = (days) => isoDate(new Date(Date.now() + days * 86_400_000));

/** The server as `npm start` runs it, on `databaseUrl` ('' = embedded); with --cpu-prof under the profiler. */
async function startServer(label, databaseUrl) {
  const dataDir = await mkdtemp(join(tmpdir(), 'reformer-bench-load-'));
  state.dataDirs.push(dataDir);
  const port = await freePort();
  const profile = options['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, label)}`] : [];
  const started = startChild([...profile, ...serverEntry().args], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AUTH_RATE_LIMIT_MAX: '1000000',
  });
  state.children.push(started);
  await waitForOk(`http://127.0.0.1:${port}/api/health`, started);
  return { label, started, port, base: `http://127.0.0.1:${port}`, dataDir, databaseUrl };
}

/** `total` calls of `make(i)`, `concurrency` at a time. */
async function inParallel(total, concurrency, make) {
  let next = 0;
  const results = new Array(total);
  const worker = async () => {
    while (next < total) {
      const i = next++;
      results[i] = await make(i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/**
 * A studio through the API, as staff build it: 2 establishments with an instructor each, weekly schedules over
 * three months back and three ahead (their sessions), a monthly plan, the customers, one enrollment per seat
 * (start to end of its schedule) and for each enrollment a paid cycle and a pending one.
 */
async function seed(server) {
  const t0 = Date.now();
  const studio = await seedStudio(server, {
    prefix: `load-${randomUUID().slice(0, 8)}`,
    organization: { name: 'Bench Studio Load', description: 'Pilates', ownerLastName: 'Load' },
    establishments: ['Centro', 'Praia'],
    instructorsPerEstablishment: 1,
  });
  const span = { from: shiftDays(-90), to: shiftDays(90) };
  const { schedules } = await createWeeklySchedules(server, studio, {
    total: options.schedules,
    ...span,
    seed: 7,
    concurrency: 2,
  });
  const [plan] = await createPlans(server, studio, [{ name: 'Mensal' }], () => ({
    name: 'Mensal',
    description: 'Aulas em grupo',
    priceCents: 39_000,
    currency: 'BRL',
    billingCycle: 'MONTHLY',
    features: ['Aulas em grupo'],
    weeklySessionsLimit: null,
    isActive: true,
  }));
  const { authorization } = studio.owner;
  const orgPath = `/organizations/${studio.organization.id}`;
  const customers = await inParallel(options.customers, 10, (i) =>
    post(server, authorization, `${orgPath}/customers`, {
      firstName: femaleFirstNames[i % femaleFirstNames.length],
      // The 20 commonest surnames ("Silva" first), so the search for "silva" finds a full page and more.
      lastName: `${lastNames[(i * 7) % 20]} ${i}`,
      email: `customer-${i}@example.com`,
      phone: `+55119${String(10000000 + i).padStart(8, '0')}`,
    }),
  );
  const seats = schedules.flatMap((schedule) => Array.from({ length: schedule.capacity }, () => schedule));
  const enrolled = seats.slice(0, Math.min(seats.length, customers.length));
  const enrollments = await inParallel(enrolled.length, 4, (i) =>
    post(server, authorization, `${orgPath}/enrollments`, {
      customerId: customers[i].id,
      planId: plan.id,
      scheduleId: enrolled[i].id,
      startDate: span.from,
      endDate: span.to,
    }),
  );
  await inParallel(enrollments.length * 2, 4, (i) => {
    const enrollment = enrollments[i >> 1];
    return post(server, authorization, `${orgPath}/payments`, {
      customerId: enrollment.customerId,
      enrollmentId: enrollment.id,
      amountCents: 39_000,
      currency: 'BRL',
      paidOn: shiftDays(-80 + (i % 60)),
      method: i % 3 ? 'PIX' : 'CREDIT_CARD',
      status: i % 2 ? 'PENDING' : 'COMPLETED',
    });
  });
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const week = { from: isoDate(monday), to: isoDate(new Date(monday.getTime() + 6 * 86_400_000)) };
  const api = `${server.base}/api${orgPath}`;
  const endpoints = [
    ['customer list', `${api}/customers?page=1&limit=10`],
    ['customer search', `${api}/customers?search=silva&page=1&limit=10`],
    ['sessions, a week', `${api}/sessions?from=${week.from}&to=${week.to}`],
    ['enrollment list', `${api}/enrollments?page=1&limit=10`],
    ['payment list', `${api}/payments?page=1&limit=10`],
  ];
  const wanted = options.only.split('|');
  const urls = endpoints.filter(([label]) => wanted.some((part) => label.includes(part)));
  if (urls.length === 0) throw new Error(`--only ${options.only}: no endpoint's label contains it`);
  const sizes = [];
  for (const [label, url] of urls) {
    const response = await call(url, '', { headers: { authorization } });
    expectStatus(response, 200, `GET ${label}`);
    sizes.push(`${label} ${(Buffer.byteLength(response.text) / 1024).toFixed(1)} KB`);
  }
  console.log(
    `Seeded ${server.label} in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${schedules.length} schedules, ` +
      `${customers.length} customers, ${enrollments.length} enrollments, ${enrollments.length * 2} payments; ` +
      `answers: ${sizes.join(', ')}`,
  );
  await analyzeTables(server);
  return { ...server, authorization, urls };
}

/**
 * Statistics for the freshly seeded tables, as autovacuum would gather within a minute or so of the seed: a
 * run started before then measures plans made without statistics (the payment list on the PostgreSQL server
 * joined every payment with every customer: 35 req/s instead of ~500, 1.5 million rows filtered per call).
 */
async function analyzeTables(server) {
  const url = server.databaseUrl || readFileSync(join(server.dataDir, 'postgres.url'), 'utf8').trim();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); 0 elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in USER_HZ (100)
  } catch {
    return 0;
  }
}

/**
 * The embedded PostgreSQL's processes of a server: the postmaster, found by the owner tag it is started with,
 * and its children (the backends, whose command lines do not carry the tag).
 */
function postgresPids(serverPid) {
  const pgrep = (args) => {
    try {
      return execFileSync('pgrep', args, { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const postmasters = pgrep(['-f', `reformer.owner_pid=${serverPid}`]);
  return [...postmasters, ...postmasters.flatMap((pid) => pgrep(['-P', String(pid)]))];
}

/**
 * autocannon against `url`; with `server`, also the CPU time its Node process (and, embedded, its PostgreSQL)
 * spent per answered request during the measured run: a figure that other load on a shared machine moves far
 * less than req/s or latency.
 */
async function load(url, headers, connections, server) {
  const settings = { url, headers, connections, timeout: 10 };
  await autocannon({ ...settings, duration: WARMUP_SECONDS });
  const pid = server?.started.child.pid;
  const pgPids = pid ? postgresPids(pid) : [];
  const sum = (pids) => pids.reduce((total, p) => total + cpuMs(p), 0);
  const before = pid ? { node: cpuMs(pid), pg: sum(pgPids) } : null;
  const result = await autocannon({ ...settings, duration: options.duration });
  const answered = Math.max(1, result['2xx'] + result.non2xx);
  const cpu = before && {
    node: (cpuMs(pid) - before.node) / answered,
    pg: pgPids.length ? (sum(postgresPids(pid)) - before.pg) / answered : null,
  };
  return {
    cpu,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    codes: Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' '),
  };
}

const HEAD =
  `${'endpoint'.padEnd(20)}${'database'.padEnd(12)}${'conns'.padStart(6)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}` +
  `${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}${'timeouts'.padStart(10)}` +
  `${'hello÷ req/s'.padStart(14)}${'p99÷hello'.padStart(11)}${'CPU ms/req node'.padStart(17)}${'pg'.padStart(6)}`;

function row(label, database, connections, s, hello) {
  const ratios = hello
    ? `${(hello.rps / s.rps).toFixed(1).padStart(14)}${(s.p99 / hello.p99).toFixed(1).padStart(11)}`
    : '';
  return (
    `${label.padEnd(20)}${database.padEnd(12)}${String(connections).padStart(6)}${s.rps.toFixed(0).padStart(8)}` +
    `${s.p50.toFixed(0).padStart(9)}${s.p99.toFixed(0).padStart(9)}${String(s.non2xx).padStart(9)}` +
    `${String(s.errors).padStart(8)}${String(s.timeouts).padStart(10)}${ratios}` +
    (s.cpu
      ? `${s.cpu.node.toFixed(2).padStart(17)}${(s.cpu.pg === null ? '—' : s.cpu.pg.toFixed(2)).padStart(6)}`
      : '')
  );
}

async function main() {
  console.log(
    'Reformer load: the main list endpoints, embedded PostgreSQL vs PostgreSQL server vs Hono hello-world',
  );
  console.log(`Machine: ${machine()}`);
  console.log(
    `autocannon: ${CONNECTIONS.join(' and ')} connections, ${options.duration} s per run after a ${WARMUP_SECONDS} s ` +
      'warm-up; per endpoint and connection count the embedded run, then the PostgreSQL one',
  );
  const entry = serverEntry();
  console.log(`${entry.fallback ? '!!! ' : ''}Server: node ${entry.args.join(' ')}; ${entry.note}.`);
  if (options['cpu-prof']) await mkdir(PROFILE_DIR, { recursive: true });

  const embedded = await seed(await startServer('embedded', ''));
  const servers = [embedded];
  if (!options['embedded-only']) {
    state.database = `reformer_load_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await admin(`CREATE DATABASE "${state.database}"`);
    const url = `postgres://postgres@127.0.0.1:5432/${state.database}`;
    servers.push(await seed(await startServer('postgresql', url)));
  }
  const helloPort = await freePort();
  const hello = startChild(['bench/hello-server.mjs'], { PORT: String(helloPort) });
  state.children.push(hello);
  await waitForOk(`http://127.0.0.1:${helloPort}/`, hello);

  const results = [];
  for (const connections of CONNECTIONS) {
    const bare = await load(`http://127.0.0.1:${helloPort}/`, {}, connections);
    results.push({ label: 'Hono hello-world', database: '—', connections, s: bare });
    for (const [k, [label]] of embedded.urls.entries()) {
      for (const server of servers) {
        const s = await load(server.urls[k][1], { authorization: server.authorization }, connections, server);
        results.push({ label, database: server.label, connections, s, hello: bare });
      }
    }
  }
  for (const server of servers) {
    const stopped = await stopChild(server.started, 30_000);
    if (!stopped.clean) console.log(`note: ${server.label} did not stop cleanly (code ${stopped.code})`);
  }

  console.log(`\n${HEAD}\n${'-'.repeat(HEAD.length)}`);
  for (const r of results) console.log(row(r.label, r.database, r.connections, r.s, r.hello));
  if (servers.length > 1) console.log('\nembedded ÷ PostgreSQL req/s (p99 ms embedded / PostgreSQL):');
  for (const connections of servers.length > 1 ? CONNECTIONS : []) {
    const cells = embedded.urls.map(([label]) => {
      const [e, p] = ['embedded', 'postgresql'].map(
        (database) =>
          results.find((r) => r.label === label && r.database === database && r.connections === connections)
            .s,
      );
      return `${label} ${(e.rps / p.rps).toFixed(2)} (${e.p99.toFixed(0)}/${p.p99.toFixed(0)})`;
    });
    console.log(`  ${connections} connections: ${cells.join('; ')}`);
  }
  const slow = results.filter(
    (r) => r.database === 'embedded' && r.connections === 50 && r.s.p99 >= EMBEDDED_P99_TARGET_MS,
  );
  if (CONNECTIONS.includes(50))
    console.log(
      `\nEmbedded p99 at 50 connections < ${EMBEDDED_P99_TARGET_MS} ms: ` +
        (slow.length
          ? `FAIL (${slow.map((r) => `${r.label} ${r.s.p99.toFixed(0)} ms`).join(', ')})`
          : 'PASS, every endpoint'),
    );
  const problems = results.filter((r) => r.s.non2xx || r.s.errors || r.s.timeouts);
  if (problems.length) {
    console.log('\n!!!!!!!! WARNING: THESE FIGURES ARE NOT A CLEAN MEASUREMENT !!!!!!!!');
    for (const r of problems)
      console.log(
        `!!! ${r.label}, ${r.database}, ${r.connections}: ${r.s.non2xx} non-2xx (${r.s.codes}), ${r.s.errors} errors, ${r.s.timeouts} timeouts`,
      );
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:load failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
