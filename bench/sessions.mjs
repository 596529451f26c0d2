// `npm run bench:sessions [-- --samples N --warmup W --spread S --generations G]`: the attendance calendar's
// call, GET /api/organizations/{orgId}/sessions?from&to[&establishmentId], on the real PostgreSQL at
// 127.0.0.1:5432, next to the raw SQL of the same statements in the same run (docs: bench/README.md).
//
// 1. A fresh database `reformer_bench_sessions` (dropped at the end). The real server applies the migrations;
//    through the API: the owner, the organization, 3 establishments, 6 instructors (invite + accept) and 60
//    weekly schedules over a year (the server generates their sessions); with SQL (the API would take too
//    long): 2,000 customers and the rosters (attendance rows, some checked in). Then VACUUM (ANALYZE).
// 2. SQL statements per call, counted on the wire: that first server reaches PostgreSQL through a small
//    proxy in this process that reads the protocol (Parse/Bind/Execute/Query) of the server's own pool
//    connections; the statement texts and values it saw are compared with the raw SQL below.
// 3. A second server straight on PostgreSQL: the month view (42 days, all establishments), the week view and
//    the week view of one establishment, each next to its raw SQL — the membership check and the list, the
//    statements bench/sessions-sql.mjs records from the server's own code, run with `pg` one after the other
//    on one connection with plan_cache_mode=force_custom_plan — interleaved in the same rounds after a
//    warm-up; every round checks that the endpoint returned the sessions the raw SQL returned.
// 4. POST of a weekly schedule spanning 365 days (Mon/Wed/Fri), several times, next to a one-off schedule:
//    how long generating a year of sessions takes. Each is deleted again.
// 5. EXPLAIN (ANALYZE, BUFFERS) of the month and week queries as they are and under each of VARIANTS
//    (extended statistics on schedules (organization_id, establishment_id); an index), each timed in
//    alternating blocks — on the seeded database, then again after adding other organizations with SQL.
//    Nothing of it is a migration: the database is dropped at the end.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect as netConnect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { femaleFirstNames, lastNames, maleFirstNames } from './customer-names.mjs';
import {
  freePort,
  httpGet,
  machine,
  median,
  onInterrupt,
  parseArgs,
  serverEntry,
  startChild,
  stopChild,
  waitForOk,
} from './lib.mjs';
import { admin, call, expectStatus, signIn } from './seed-customers.mjs';
import { calendarDates, sessionListStatements, visibleRange } from './sessions-sql.mjs';

const options = parseArgs(process.argv.slice(2), {
  samples: 1000,
  warmup: 300,
  spread: 8,
  generations: 7,
  keep: false,
});
const DATABASE = 'reformer_bench_sessions';
const PG_PORT = 5432;
const databaseUrl = (port) => `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
const PASSWORD = 'correct horse battery staple'; // what seed-customers.mjs's signIn sends
// A bench-only value (the signing keys live in the database): never a real secret.
const AUTH_SECRET = 'reformer-bench-sessions-not-a-secret-0123456789abcdef';
const OWNER_EMAIL = 'bench-sessions-owner@example.com';
const ESTABLISHMENTS = ['Centro', 'Praia', 'Jardins'];
const INSTRUCTORS_PER_ESTABLISHMENT = 2;
const SCHEDULES = 60;
const CUSTOMERS = 2000;
const WEEK_STARTS_ON = 0; // Sunday, as the web's month grid in pt-BR
const TARGET_RATIO = 2;
/** For the planner study only, added with SQL after every measurement (step 5). */
const OTHER_ORGANIZATIONS = 19;
const CLASS_NAMES = [
  'Reformer Iniciante',
  'Reformer Intermediário',
  'Reformer Avançado',
  'Mat Pilates',
  'Cadillac',
  'Chair',
  'Pilates Gestante',
  'Pilates 60+',
  'Pilates Funcional',
  'Barrel',
];
// 2–3 days a week (0 = Sunday).
const DAY_PATTERNS = [
  [1, 3],
  [2, 4],
  [1, 3, 5],
  [2, 4, 6],
  [1, 4],
  [3, 5],
  [1, 5],
  [2, 5],
];

const state = { dataDir: null, server: null, proxy: null, hello: null, client: null };
const cleanup = onInterrupt(async () => {
  await state.client?.end().catch(() => {});
  if (state.hello) await stopChild(state.hello.started, 5000);
  if (state.server) await stopChild(state.server.started, 5000);
  await state.proxy?.close();
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  if (options.keep) return;
  await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`).catch((error) =>
    console.error(`could not drop "${DATABASE}": ${error.message}`),
  );
});

const f1 = (value) => value.toFixed(1);
const f2 = (value) => value.toFixed(2);
const count = (value) => value.toLocaleString('en-US');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}
const stats = (values) => ({ p50: percentile(values, 0.5), p95: percentile(values, 0.95) });

/** mulberry32: small, fast, and the same data on every run. */
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (random, values) => values[Math.floor(random() * values.length)];

// ---------------------------------------------------------------------------------------------------------
// The server, the API and a PostgreSQL wire proxy that counts statements

async function startServer(dataDir, url) {
  const entry = serverEntry();
  const port = await freePort();
  const started = startChild(entry.args, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    AUTH_SECRET,
    AUTH_RATE_LIMIT_MAX: '100000',
    LOG_REQUESTS: 'false',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, started);
  return { started, port, base, entry };
}

const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');

/** The bearer token's subject: the user and the sign-in session, the membership statement's parameters. */
function subjectOf(authorization) {
  const payload = JSON.parse(Buffer.from(authorization.split('.')[1], 'base64url').toString('utf8'));
  return { userId: payload.sub, sessionId: payload.sid };
}

async function signUp(server, email, firstName, lastName) {
  const response = await call(server.base, '/api/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: `http://localhost:${server.port}` },
    body: { email, password: PASSWORD, firstName, lastName },
  });
  expectStatus(response, 200, `sign-up ${email}`);
  const token = await call(server.base, '/api/auth/token', { headers: { cookie: cookieOf(response) } });
  expectStatus(token, 200, 'GET /api/auth/token');
  return { id: response.json().user.id, authorization: `Bearer ${token.json().token}` };
}

async function post(server, authorization, path, body, status = 201) {
  const response = await call(server.base, `/api${path}`, {
    method: 'POST',
    headers: { authorization },
    body,
  });
  expectStatus(response, status, `POST ${path}`);
  return response.json();
}

/**
 * A TCP proxy to PostgreSQL that reads what clients send (the frontend side of the wire protocol) and passes
 * every byte through unchanged. It records each statement executed on the server's pool connections — the
 * ones whose startup `options` carry plan_cache_mode, as apps/server/src/db/client.ts sets; pg-boss's own
 * connections do not — as { name, text, values }: an Execute (after Parse/Bind) or a simple Query.
 */
async function startCountingProxy() {
  const statements = [];
  const sockets = new Set();
  const cstring = (body, at) => {
    const end = body.indexOf(0, at);
    return [body.toString('utf8', at, end), end + 1];
  };
  const handle = (conn, type, body) => {
    if (type === 'P') {
      const [name, at] = cstring(body, 0);
      conn.prepared.set(name, cstring(body, at)[0]);
    } else if (type === 'B') {
      const [, at] = cstring(body, 0);
      const [name, next] = cstring(body, at);
      let p = next + 2 + 2 * body.readInt16BE(next);
      const values = new Array(body.readInt16BE(p));
      p += 2;
      for (let i = 0; i < values.length; i += 1) {
        const length = body.readInt32BE(p);
        p += 4;
        values[i] = length < 0 ? null : body.toString('utf8', p, p + length);
        p += Math.max(length, 0);
      }
      conn.bound = { name, values };
    } else if (type === 'E' && conn.app) {
      const name = conn.bound?.name ?? '';
      statements.push({ name, text: conn.prepared.get(name), values: conn.bound?.values ?? [] });
    } else if (type === 'Q' && conn.app) {
      statements.push({ name: '(simple query)', text: cstring(body, 0)[0], values: [] });
    }
  };
  const read = (conn, chunk) => {
    const buffer = conn.rest.length ? Buffer.concat([conn.rest, chunk]) : chunk;
    let at = 0;
    for (;;) {
      if (!conn.started) {
        if (buffer.length - at < 8) break;
        const length = buffer.readInt32BE(at);
        if (buffer.length - at < length) break;
        const code = buffer.readInt32BE(at + 4);
        // 80877103/4: SSL/GSS request (pg asks neither here); 80877102: a cancel request.
        if (code !== 80877103 && code !== 80877104 && code !== 80877102) {
          conn.started = true;
          conn.app = buffer.toString('utf8', at + 8, at + length).includes('plan_cache_mode');
        }
        at += length;
        continue;
      }
      if (buffer.length - at < 5) break;
      const length = buffer.readInt32BE(at + 1);
      if (buffer.length - at < 1 + length) break;
      handle(conn, String.fromCharCode(buffer[at]), buffer.subarray(at + 5, at + 1 + length));
      at += 1 + length;
    }
    conn.rest = Buffer.from(buffer.subarray(at));
  };
  const server = createServer((client) => {
    const upstream = netConnect(PG_PORT, '127.0.0.1');
    const conn = { started: false, app: false, rest: Buffer.alloc(0), prepared: new Map(), bound: null };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => read(conn, chunk));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: server.address().port,
    statements,
    take: () => statements.splice(0, statements.length),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The seed

async function seedThroughApi(server, year) {
  const owner = await signUp(server, OWNER_EMAIL, 'Owner', 'Sessions');
  const organization = await post(server, owner.authorization, '/organizations', {
    name: 'Bench Studio Sessions',
    description: 'Pilates (sessions benchmark)',
  });
  const orgPath = `/organizations/${organization.id}`;
  const establishments = [];
  for (const name of ESTABLISHMENTS) {
    establishments.push(await post(server, owner.authorization, `${orgPath}/establishments`, { name }));
  }
  const instructors = []; // [establishment index][k] = user id
  for (const [e, establishment] of establishments.entries()) {
    instructors.push([]);
    for (let k = 0; k < INSTRUCTORS_PER_ESTABLISHMENT; k += 1) {
      const email = `bench-sessions-instructor-${e}-${k}@example.com`;
      const member = await signUp(server, email, `Instrutora ${e * 2 + k + 1}`, establishment.name);
      const invited = await post(server, owner.authorization, `${orgPath}/staff/invite`, {
        email,
        role: null,
        establishments: [{ establishmentId: establishment.id, role: 'EST_INSTRUCTOR' }],
      });
      const token = invited.inviteUrl.split('/staff-invite/')[1];
      await post(server, member.authorization, `/invitations/accept/${token}`, undefined, 200);
      instructors[e].push(member.id);
    }
  }
  const random = prng(60);
  const t0 = performance.now();
  const scheduleIds = [];
  for (let i = 0; i < SCHEDULES; i += 1) {
    const e = i % ESTABLISHMENTS.length;
    const hour = 6 + ((i * 7) % 15); // 06:00 … 20:00, ending by 21:00
    const minutes = random() < 0.2 ? 50 : 60;
    const end = hour * 60 + minutes;
    const schedule = await post(server, owner.authorization, `${orgPath}/schedules`, {
      name: `${CLASS_NAMES[i % CLASS_NAMES.length]} ${String(hour).padStart(2, '0')}h`,
      type: 'GROUP',
      establishmentId: establishments[e].id,
      staffUserId: instructors[e][Math.floor(i / ESTABLISHMENTS.length) % INSTRUCTORS_PER_ESTABLISHMENT],
      capacity: 6 + Math.floor(random() * 7),
      startTime: `${String(hour).padStart(2, '0')}:00`,
      endTime: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
      startDate: year.from,
      endDate: year.to,
      recurrenceType: 'WEEKLY',
      daysOfWeek: DAY_PATTERNS[(i * 3 + Math.floor(i / 8)) % DAY_PATTERNS.length],
    });
    scheduleIds.push(schedule.id);
  }
  const schedulesMs = performance.now() - t0;
  return { owner, organization, establishments, instructors, scheduleIds, schedulesMs };
}

async function insertCustomers(client, organizationId) {
  const random = prng(2000);
  const columns = [[], [], [], [], [], []];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const first = random() < 0.75 ? pick(random, femaleFirstNames) : pick(random, maleFirstNames);
    const last = `${pick(random, lastNames)}${random() < 0.5 ? ` ${pick(random, lastNames)}` : ''}`;
    const slug = `${first}.${last}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    columns[0].push(uuidv7());
    columns[1].push(first);
    columns[2].push(last);
    columns[3].push(`${slug}.${i}@example.com`);
    columns[4].push(`(11) 9${String(1000 + Math.floor(random() * 9000))}-${String(i).padStart(4, '0')}`);
    columns[5].push(random() < 0.92 ? 'ACTIVE' : 'INACTIVE');
  }
  await client.query(
    `insert into customers (organization_id, id, first_name, last_name, email, phone, status)
       select $1, * from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::customer_status[])`,
    [organizationId, ...columns],
  );
  return columns[0];
}

/**
 * Rosters: each schedule has its regulars (capacity + 4 customers) plus drop-ins from the whole base. Past
 * sessions are 55–100 % full and most seated customers checked in; the next two weeks 30–90 %, later weeks
 * up to 35 % (repositions and trials booked ahead). All rows are ADDED (the only roster source the API can
 * create before the enrollments issue lands), with the reason their status implies.
 */
async function insertAttendance(client, organizationId, customerIds, now) {
  const random = prng(35);
  const { rows: sessions } = await client.query(
    `select s.id, s.schedule_id, s.starts_at, sc.capacity
       from schedule_sessions s join schedules sc on sc.organization_id = s.organization_id and sc.id = s.schedule_id
      where s.organization_id = $1 order by s.starts_at, s.id`,
    [organizationId],
  );
  const regulars = new Map();
  const columns = [[], [], [], [], [], []];
  const soon = now.getTime() + 14 * 86_400_000;
  for (const session of sessions) {
    let pool = regulars.get(session.schedule_id);
    if (!pool) {
      pool = Array.from({ length: session.capacity + 4 }, () => pick(random, customerIds));
      regulars.set(session.schedule_id, pool);
    }
    const startsAt = session.starts_at.getTime();
    const past = startsAt < now.getTime();
    const share = past ? 0.55 + 0.45 * random() : startsAt < soon ? 0.3 + 0.6 * random() : 0.35 * random();
    const size = Math.round(session.capacity * share);
    const chosen = new Set();
    for (let guard = 0; chosen.size < size && guard < 100; guard += 1) {
      chosen.add(random() < 0.85 ? pick(random, pool) : pick(random, customerIds));
    }
    for (const customerId of chosen) {
      const roll = random();
      const [status, reason] =
        roll < 0.84
          ? ['CONFIRMED', random() < 0.8 ? 'OTHER' : 'SPECIAL_EVENT']
          : roll < 0.9
            ? ['CANCELED', 'OTHER']
            : roll < 0.94
              ? ['TRIAL', 'TRIAL_CLASS']
              : ['REPOSITION', 'REPOSITION'];
      const checkedIn = past && status !== 'CANCELED' && random() < 0.88;
      columns[0].push(session.id);
      columns[1].push(customerId);
      columns[2].push(status);
      columns[3].push(reason);
      columns[4].push(checkedIn ? new Date(startsAt - Math.floor(random() * 600_000)) : null);
      columns[5].push(new Date(startsAt - Math.floor(random() * 14 * 86_400_000)));
    }
  }
  const BATCH = 10_000;
  for (let at = 0; at < columns[0].length; at += BATCH) {
    await client.query(
      `insert into session_attendance
         (organization_id, session_id, customer_id, source, status, reason, checked_in_at, created_at, updated_at)
       select $1, session_id, customer_id, 'ADDED', status, reason, checked_in_at, created_at, created_at
         from unnest($2::uuid[], $3::uuid[], $4::attendance_status[], $5::add_to_session_reason[],
                     $6::timestamptz[], $7::timestamptz[])
           as t(session_id, customer_id, status, reason, checked_in_at, created_at)`,
      [organizationId, ...columns.map((column) => column.slice(at, at + BATCH))],
    );
  }
  return { rows: columns[0].length, sessions: sessions.length };
}

// ---------------------------------------------------------------------------------------------------------
// The calls measured

/** The ranges of one call, spread over `spread` weeks or months around today (round i uses i mod spread). */
function callRanges(today, spread) {
  const offsets = Array.from({ length: spread }, (_, i) => i - Math.floor(spread / 2));
  const months = offsets.map((k) => {
    const anchor = calendarDates.addMonths(today, k);
    return { ...visibleRange('month', anchor, WEEK_STARTS_ON), month: anchor.slice(0, 7) };
  });
  const weeks = offsets.map((k) => visibleRange('week', calendarDates.addDays(today, 7 * k), WEEK_STARTS_ON));
  return { months, weeks };
}

async function buildCalls(seeded, caller, today) {
  const { months, weeks } = callRanges(today, options.spread);
  const one = seeded.establishments[0];
  const specs = [
    { key: 'month', label: 'month view, all establishments (42 d)', ranges: months, extra: {} },
    { key: 'week', label: 'week view, all establishments (7 d)', ranges: weeks, extra: {} },
    {
      key: 'weekOne',
      label: `week view, establishment "${one.name}" (7 d)`,
      ranges: weeks,
      extra: { establishmentId: one.id },
    },
  ];
  const calls = [];
  for (const spec of specs) {
    const variants = [];
    for (const range of spec.ranges) {
      const query = { from: range.from, to: range.to, ...spec.extra };
      const statements = await sessionListStatements({
        organizationId: seeded.organization.id,
        ...caller,
        orgRole: 'ORG_OWNER',
        query,
      });
      const search = new URLSearchParams(query).toString();
      variants.push({
        month: range.month,
        query,
        statements,
        path: `/api/organizations/${seeded.organization.id}/sessions?${search}`,
      });
    }
    calls.push({ ...spec, variants });
  }
  return calls;
}

async function runRaw(client, statements) {
  let last = null;
  const times = [];
  for (const statement of statements) {
    const t0 = performance.now();
    last = await client.query(statement);
    times.push(performance.now() - t0);
  }
  return { rows: last.rows, times };
}

async function timeEndpoint(server, authorization, variant) {
  const t0 = performance.now();
  const response = await httpGet(`${server.base}${variant.path}`, { authorization });
  const ms = performance.now() - t0;
  expectStatus(response, 200, `GET ${variant.path}`);
  const items = JSON.parse(response.text).items;
  return { ms, bytes: Buffer.byteLength(response.text), ids: items.map((item) => item.id).join() };
}

async function timeRaw(client, variant) {
  const t0 = performance.now();
  const { rows, times } = await runRaw(client, variant.statements);
  const ms = performance.now() - t0;
  return { ms, times, sessions: rows.length, ids: rows.map((row) => row[0]).join() };
}

/**
 * `rounds` rounds; round i runs, for variant i mod spread of every call, the endpoint and the raw SQL — the
 * six one after the other, starting with a different one each round.
 */
async function measure(calls, server, authorization, client, rounds) {
  const results = new Map(
    calls.map((c) => [
      c.key,
      { endpoint: [], raw: [], membership: [], list: [], sessions: [], bytes: [], mismatches: [] },
    ]),
  );
  const timers = calls.flatMap((c) => [
    [c, 'endpoint'],
    [c, 'raw'],
  ]);
  for (let round = 0; round < rounds; round += 1) {
    const timed = new Map();
    for (let k = 0; k < timers.length; k += 1) {
      const [c, kind] = timers[(round + k) % timers.length];
      const variant = c.variants[round % c.variants.length];
      const answer =
        kind === 'endpoint'
          ? await timeEndpoint(server, authorization, variant)
          : await timeRaw(client, variant);
      timed.set(`${c.key}:${kind}`, answer);
    }
    for (const c of calls) {
      const endpoint = timed.get(`${c.key}:endpoint`);
      const raw = timed.get(`${c.key}:raw`);
      const result = results.get(c.key);
      if (endpoint.ids !== raw.ids) {
        const { from, to } = c.variants[round % c.variants.length].query;
        result.mismatches.push(`${from}..${to}`);
      }
      result.endpoint.push(endpoint.ms);
      result.raw.push(raw.ms);
      result.membership.push(raw.times[0]);
      result.list.push(raw.times[1]);
      result.sessions.push(raw.sessions);
      result.bytes.push(endpoint.bytes);
    }
  }
  return results;
}

async function measureFloor(url, headers, samples) {
  const times = [];
  for (let round = -Math.min(options.warmup, 100); round < samples; round += 1) {
    const t0 = performance.now();
    const response = await httpGet(url, headers);
    const ms = performance.now() - t0;
    expectStatus(response, 200, url);
    if (round >= 0) times.push(ms);
  }
  return stats(times);
}

function printMeasurements(calls, results) {
  const head =
    `${'call'.padEnd(42)}${'sessions'.padStart(10)}${'JSON KB'.padStart(9)}${'endpoint p50'.padStart(14)}` +
    `${'p95'.padStart(7)}${'raw SQL p50'.padStart(13)}${'p95'.padStart(7)}${'p95 ratio'.padStart(11)}   verdict`;
  console.log(head);
  console.log('-'.repeat(head.length + 6));
  const rows = [];
  for (const c of calls) {
    const r = results.get(c.key);
    const endpoint = stats(r.endpoint);
    const raw = stats(r.raw);
    const ratio = endpoint.p95 / raw.p95;
    const pass = ratio <= TARGET_RATIO;
    rows.push({ c, pass, ratio });
    console.log(
      `${c.label.padEnd(42)}${`${Math.min(...r.sessions)}–${Math.max(...r.sessions)}`.padStart(10)}` +
        `${`${Math.round(median(r.bytes) / 1024)}`.padStart(9)}${f1(endpoint.p50).padStart(14)}` +
        `${f1(endpoint.p95).padStart(7)}${f1(raw.p50).padStart(13)}${f1(raw.p95).padStart(7)}` +
        `${f2(ratio).padStart(11)}   ${pass ? 'PASS' : `FAIL (p95 > ${TARGET_RATIO} × raw = ${f1(TARGET_RATIO * raw.p95)} ms)`}`,
    );
  }
  console.log(
    '(ms; raw SQL = load_membership then sessions_list, one after the other on one connection, as the ' +
      'endpoint runs them; JSON KB = median response size)',
  );
  console.log('\nRaw SQL split:');
  console.log(
    `${'call'.padEnd(42)}${'membership p50'.padStart(16)}${'p95'.padStart(7)}${'list p50'.padStart(10)}${'p95'.padStart(7)}`,
  );
  for (const c of calls) {
    const r = results.get(c.key);
    const membership = stats(r.membership);
    const list = stats(r.list);
    console.log(
      `${c.label.padEnd(42)}${f1(membership.p50).padStart(16)}${f1(membership.p95).padStart(7)}` +
        `${f1(list.p50).padStart(10)}${f1(list.p95).padStart(7)}`,
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// Statements per call, on the wire

const sameValue = (sent, recorded) =>
  recorded === null || recorded === undefined ? sent === null : sent === String(recorded);

async function countStatements(server, proxy, authorization, variants) {
  const REQUESTS = 20;
  const lines = [];
  let textsMatch = true;
  let valuesMatch = true;
  for (const { label, variant } of variants) {
    for (let i = 0; i < 3; i += 1) await httpGet(`${server.base}${variant.path}`, { authorization });
    await new Promise((resolve) => setTimeout(resolve, 50));
    proxy.take();
    let sessions = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const response = await httpGet(`${server.base}${variant.path}`, { authorization });
      expectStatus(response, 200, variant.path);
      sessions = JSON.parse(response.text).items.length;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const seen = proxy.take();
    const byName = new Map();
    for (const statement of seen) byName.set(statement.name, (byName.get(statement.name) ?? 0) + 1);
    for (const recorded of variant.statements) {
      const sent = seen.filter((statement) => statement.name === recorded.name);
      if (!sent.length || sent.some((statement) => statement.text !== recorded.text)) textsMatch = false;
      // The membership's session id is the caller's: compare the list's values, and the membership's shape.
      const last = sent.at(-1);
      if (recorded.name === 'sessions_list') {
        if (!last || last.values.some((value, i) => !sameValue(value, recorded.values[i])))
          valuesMatch = false;
      } else if (!last || last.values.length !== recorded.values.length) {
        valuesMatch = false;
      }
    }
    lines.push({
      label,
      sessions,
      perRequest: seen.length / REQUESTS,
      breakdown: [...byName].map(([name, n]) => `${name} ×${n / REQUESTS}`).join(', '),
    });
  }
  return { lines, textsMatch, valuesMatch, requests: REQUESTS };
}

// ---------------------------------------------------------------------------------------------------------
// Generating a year of sessions

async function timeGeneration(server, seeded, client, today) {
  const orgPath = `/organizations/${seeded.organization.id}`;
  const base = {
    type: 'GROUP',
    establishmentId: seeded.establishments[1].id,
    staffUserId: seeded.instructors[1][0],
    capacity: 8,
    startTime: '12:00',
    endTime: '13:00',
    startDate: today,
  };
  const kinds = {
    year: {
      ...base,
      name: 'Bench ano inteiro',
      recurrenceType: 'WEEKLY',
      endDate: calendarDates.addDays(today, 364),
      daysOfWeek: [1, 3, 5],
    },
    single: { ...base, name: 'Bench avulsa', recurrenceType: 'SINGLE', endDate: null, daysOfWeek: [] },
  };
  const result = { year: [], single: [], sessions: { year: [], single: [] } };
  for (let i = 0; i < options.generations; i += 1) {
    for (const kind of i % 2 ? ['single', 'year'] : ['year', 'single']) {
      const t0 = performance.now();
      const response = await call(server.base, `/api${orgPath}/schedules`, {
        method: 'POST',
        headers: { authorization: seeded.ownerAuthorization },
        body: kinds[kind],
      });
      const ms = performance.now() - t0;
      expectStatus(response, 201, `POST ${orgPath}/schedules (${kind})`);
      const { id } = response.json();
      const { rows } = await client.query(
        'select count(*)::int as n from schedule_sessions where organization_id = $1 and schedule_id = $2',
        [seeded.organization.id, id],
      );
      result[kind].push(ms);
      result.sessions[kind].push(rows[0].n);
      const removed = await call(server.base, `/api${orgPath}/schedules/${id}`, {
        method: 'DELETE',
        headers: { authorization: seeded.ownerAuthorization },
      });
      expectStatus(removed, 204, `DELETE ${orgPath}/schedules/${id}`);
    }
  }
  return { result, year: kinds.year };
}

// ---------------------------------------------------------------------------------------------------------
// EXPLAIN and the planner's statistics

/**
 * Extended-statistics and index variants tried on the bench database (never a migration). `apply` runs
 * from the baseline; `undo` returns to it.
 */
const VARIANTS = [
  {
    key: 'stats',
    label: 'extended statistics on schedules (organization_id, establishment_id)',
    apply: [
      'CREATE STATISTICS schedules_org_establishment_stats (ndistinct, dependencies, mcv) ON organization_id, establishment_id FROM schedules',
      'ANALYZE schedules',
    ],
    undo: ['DROP STATISTICS IF EXISTS schedules_org_establishment_stats', 'ANALYZE schedules'],
  },
  {
    key: 'index',
    label:
      "an index on schedule_sessions (organization_id, schedule_id, date): a per-schedule loop reads the range's rows only",
    apply: [
      'CREATE INDEX schedule_sessions_org_schedule_date_idx ON schedule_sessions (organization_id, schedule_id, date)',
      'ANALYZE schedule_sessions',
    ],
    undo: ['DROP INDEX IF EXISTS schedule_sessions_org_schedule_date_idx'],
  },
];

async function explain(client, statement) {
  const { rows } = await client.query({
    text: `explain (analyze, buffers) ${statement.text}`,
    values: statement.values,
  });
  return rows.map((row) => row['QUERY PLAN']);
}

/** What matters in a plan: how each table is read, the joins, and the estimate against the actual rows. */
function planSummary(lines) {
  const picked = [];
  for (const line of lines) {
    const node = line.replace(/^\s*(->\s*)?/, '');
    const scan =
      /^(Index Only Scan|Index Scan|Bitmap Heap Scan|Bitmap Index Scan|Seq Scan)( using (\S+))? on (\S+)/.exec(
        node,
      );
    const rows = /rows=(\d+) width=\d+\) \(actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(node);
    const estimate = rows ? ` (est ${rows[1]} rows, actual ${rows[2]} × ${rows[3]} loops)` : '';
    if (scan) picked.push(`${scan[1]}${scan[3] ? ` ${scan[3]}` : ''} on ${scan[4]}${estimate}`);
    else if (/^(Nested Loop|Hash Join|Merge Join)/.test(node))
      picked.push(`${node.split('  ')[0]}${estimate}`);
  }
  const execution = lines.find((line) => line.startsWith('Execution Time'));
  const planning = lines.find((line) => line.startsWith('Planning Time'));
  return { picked, time: `${planning ?? ''}; ${execution ?? ''}` };
}

function printPlan(title, lines, full) {
  const summary = planSummary(lines);
  console.log(`\n--- ${title}`);
  if (full) console.log(lines.map((line) => `    ${line}`).join('\n'));
  console.log(`    => ${summary.picked.join('\n       ')}\n       ${summary.time}`);
  return summary;
}

async function timeRawBlocks(client, statements, variant, blocks, perBlock) {
  const times = { base: [], variant: [] };
  let current = 'base';
  for (let block = 0; block < blocks; block += 1) {
    for (const which of block % 2 ? ['variant', 'base'] : ['base', 'variant']) {
      if (which !== current) {
        for (const sql of which === 'variant' ? variant.apply : variant.undo) await client.query(sql);
        current = which;
      }
      for (let i = 0; i < perBlock; i += 1) {
        const t0 = performance.now();
        await client.query(statements[i % statements.length]);
        times[which].push(performance.now() - t0);
      }
    }
  }
  if (current === 'variant') for (const sql of variant.undo) await client.query(sql);
  return { base: stats(times.base), variant: stats(times.variant) };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the three calls' sessions_list (this month's grid, this week), as they are and
 * under each of VARIANTS; then sessions_list alone timed both ways in alternating blocks over the ranges.
 */
async function planStudy(client, calls, title) {
  const middle = Math.floor(options.spread / 2);
  const [month, week, weekOne] = calls.map((c) => c.variants[middle]);
  const estimates = await client.query(
    `select (select count(*)::int from schedules) as schedules,
            (select count(*)::int from schedule_sessions) as sessions,
            (select n_distinct from pg_stats where tablename = 'schedules' and attname = 'organization_id') as nd_org,
            (select n_distinct from pg_stats where tablename = 'schedules' and attname = 'establishment_id') as nd_est`,
  );
  const e = estimates.rows[0];
  // n_distinct < 0 is a fraction of the rows.
  const distinct = (nd) => (nd < 0 ? Math.round(-nd * e.schedules) : nd);
  const [organizations, establishments] = [distinct(e.nd_org), distinct(e.nd_est)];
  console.log(
    `\n======== EXPLAIN (ANALYZE, BUFFERS) of sessions_list (unnamed, with its values: the custom plan ` +
      `force_custom_plan makes), on ${title}.\n  pg_stats of schedules: ${organizations} distinct organization_id, ` +
      `${establishments} distinct establishment_id; taken as independent, the planner expects ${e.schedules} / ` +
      `(${organizations} × ${establishments}) = ${f2(e.schedules / (organizations * establishments))} schedules ` +
      `per establishment of an organization (actual: ${SCHEDULES / ESTABLISHMENTS.length}).`,
  );
  const runs = [
    ['month', `month ${month.query.from} … ${month.query.to}`, month],
    ['week', `week ${week.query.from} … ${week.query.to}`, week],
    ['weekOne', 'the same week, one establishment', weekOne],
  ];
  for (const [key, label, variant] of runs) {
    printPlan(`${label}, as is`, await explain(client, variant.statements.at(-1)), key === 'month');
  }
  for (const variant of VARIANTS) {
    for (const sql of variant.apply) await client.query(sql);
    console.log(`
  ### with ${variant.label}:
    ${variant.apply.join(';\n    ')};`);
    for (const [, label, v] of runs) {
      printPlan(`${label}, ${variant.key}`, await explain(client, v.statements.at(-1)), false);
    }
    for (const sql of variant.undo) await client.query(sql);
    const blocks = 6;
    const perBlock = 100;
    console.log(
      `\n  sessions_list alone, raw, ${(blocks / 2) * perBlock} samples each way in ${blocks} alternating blocks ` +
        `(as is / ${variant.key}), over the ${options.spread} ranges:`,
    );
    // The week of all establishments is left out to keep the run short: its plan moves least.
    for (const [index, [key, label]] of runs.entries()) {
      if (key === 'week') continue;
      const statements = calls[index].variants.map((v) => v.statements.at(-1));
      const t = await timeRawBlocks(client, statements, variant, blocks, perBlock);
      console.log(
        `    ${label.padEnd(34)} as is p50 ${f1(t.base.p50)} p95 ${f1(t.base.p95)} ms; ` +
          `${variant.key} p50 ${f1(t.variant.p50)} p95 ${f1(t.variant.p95)} ms`,
      );
    }
  }
}

/**
 * Other organizations beside the bench's (SQL; no users, no rosters): the planner's estimates for one
 * organization's establishments depend on how many organizations share the tables.
 */
async function addOtherOrganizations(client, year) {
  await client.query(`
    create temp table bench_o as select gen_random_uuid() as id, g from generate_series(1, ${OTHER_ORGANIZATIONS}) g;
    insert into organizations (id, name) select id, 'Other studio ' || g from bench_o;
    create temp table bench_e as
      select o.id as org, gen_random_uuid() as id, k from bench_o o, generate_series(0, 2) k;
    insert into establishments (organization_id, id, name) select org, id, 'Unidade ' || k from bench_e;
    create temp table bench_s as
      select e.org, gen_random_uuid() as id, e.id as est, i,
             case when i % 2 = 0 then '{1,3}'::smallint[] else '{2,4,6}'::smallint[] end as days,
             make_time(6 + i % 15, 0, 0) as t
        from bench_e e, generate_series(0, 19) i;
    insert into schedules (organization_id, id, name, type, establishment_id, staff_user_id, capacity,
                           start_time, end_time, start_date, end_date, recurrence_type, days_of_week)
      select org, id, 'Aula ' || i, 'GROUP', est, 'nobody', 8, t, t + interval '1 hour',
             '${year.from}', '${year.to}', 'WEEKLY', days from bench_s;
    insert into schedule_sessions (organization_id, id, schedule_id, scheduled_date, scheduled_start_time,
                                   scheduled_end_time, date, start_time, end_time, starts_at, ends_at)
      select org, gen_random_uuid(), id, d::date, t, t + interval '1 hour', d::date, t, t + interval '1 hour',
             (d::date + t) at time zone 'America/Sao_Paulo',
             (d::date + t + interval '1 hour') at time zone 'America/Sao_Paulo'
        from bench_s, generate_series('${year.from}'::date, '${year.to}'::date, interval '1 day') d
       where extract(dow from d)::smallint = any(days);
    drop table bench_o, bench_e, bench_s;`);
  await client.query('vacuum (analyze) organizations, establishments, schedules, schedule_sessions');
  const { rows } = await client.query(
    'select (select count(*)::int from schedules) as schedules, (select count(*)::int from schedule_sessions) as sessions',
  );
  return rows[0];
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  console.log('Reformer sessions calendar: GET /api/organizations/{orgId}/sessions vs its raw SQL');
  console.log(`Machine: ${machine()}; load average ${load()} (1/5/15 min)`);
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const year = { from: calendarDates.addDays(today, -182), to: calendarDates.addDays(today, 182) };

  console.log(`\nFresh database "${DATABASE}" on 127.0.0.1:${PG_PORT}.`);
  await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${DATABASE}"`);
  state.dataDir = await mkdtemp(join(tmpdir(), 'reformer-bench-sessions-'));
  state.proxy = await startCountingProxy();
  state.server = await startServer(state.dataDir, databaseUrl(state.proxy.port));
  console.log(
    `Server 1 (seed and statement count): node ${state.server.entry.args.join(' ')}; ${state.server.entry.note}; ` +
      `through a counting proxy on :${state.proxy.port}; migrations applied.`,
  );

  // 1. Seed
  const t0 = performance.now();
  const seeded = await seedThroughApi(state.server, year);
  seeded.ownerAuthorization = seeded.owner.authorization;
  state.client = new pg.Client({
    connectionString: databaseUrl(PG_PORT),
    application_name: 'bench-sessions',
    options: '-c plan_cache_mode=force_custom_plan',
  });
  await state.client.connect();
  const client = state.client;
  const customerIds = await insertCustomers(client, seeded.organization.id);
  const attendance = await insertAttendance(client, seeded.organization.id, customerIds, now);
  await client.query('vacuum (analyze)');
  const totals = (
    await client.query(`select
      (select count(*)::int from schedules) as schedules,
      (select count(*)::int from schedule_sessions) as sessions,
      (select count(*)::int from session_attendance) as attendance,
      (select count(*)::int from session_attendance where checked_in_at is not null) as checked_in,
      (select count(*)::int from customers) as customers,
      (select count(distinct session_id)::int from session_attendance) as with_roster`)
  ).rows[0];
  console.log(
    `Seeded in ${f1((performance.now() - t0) / 1000)} s (year ${year.from} … ${year.to}, today ${today}):\n` +
      `  through the API: 1 owner, 1 organization, ${ESTABLISHMENTS.length} establishments ` +
      `(${ESTABLISHMENTS.join(', ')}), ${ESTABLISHMENTS.length * INSTRUCTORS_PER_ESTABLISHMENT} instructors ` +
      `(invite + accept), ${totals.schedules} weekly schedules (2–3 days a week, capacity 6–12, 06:00–21:00; ` +
      `their POSTs generated the sessions in ${f1(seeded.schedulesMs / 1000)} s);\n` +
      `  with SQL (INSERT … unnest): ${count(totals.customers)} customers and the rosters.\n` +
      `  => ${count(totals.sessions)} sessions, ${count(totals.attendance)} attendance rows (all source ADDED) ` +
      `over ${count(totals.with_roster)} sessions, ${count(totals.checked_in)} checked in; VACUUM (ANALYZE) done.`,
  );
  if (totals.sessions !== attendance.sessions) throw new Error('the session count changed while seeding');

  // 2. Statements per call, through the proxy
  const caller1 = subjectOf(seeded.owner.authorization);
  const calls1 = await buildCalls(seeded, caller1, today);
  const monthNow = calls1[0].variants[Math.floor(options.spread / 2)];
  const weekNow = calls1[1].variants[Math.floor(options.spread / 2)];
  const emptyWeek = (
    await buildCalls(
      seeded,
      caller1,
      calendarDates.addDays(year.to, 7 * (Math.floor(options.spread / 2) + 2)),
    )
  )[1].variants[Math.floor(options.spread / 2)];
  const counted = await countStatements(state.server, state.proxy, seeded.owner.authorization, [
    { label: `7 days (${weekNow.query.from} … ${weekNow.query.to})`, variant: weekNow },
    { label: `42 days (${monthNow.query.from} … ${monthNow.query.to})`, variant: monthNow },
    { label: `7 days with no session (${emptyWeek.query.from} …)`, variant: emptyWeek },
  ]);
  await stopChild(state.server.started);
  state.server = null;
  await state.proxy.close();
  state.proxy = null;

  // 3. Measure on a server straight on PostgreSQL
  state.server = await startServer(state.dataDir, databaseUrl(PG_PORT));
  console.log(`Server 2 (measurements): straight on PostgreSQL; node ${state.server.entry.args.join(' ')}.`);
  const authorization = await signIn(state.server, OWNER_EMAIL);
  seeded.ownerAuthorization = authorization;
  const calls = await buildCalls(seeded, subjectOf(authorization), today);
  const settings = await client.query(
    `select name, current_setting(name) as value from pg_settings
      where name in ('server_version', 'shared_buffers', 'work_mem', 'random_page_cost', 'jit') order by name`,
  );
  console.log(`PostgreSQL ${settings.rows.map((row) => `${row.name}=${row.value}`).join(', ')}`);
  console.log(
    `\nMeasuring: ${options.warmup} unrecorded rounds, then ${options.samples} rounds; each round runs the ` +
      `three calls' endpoint and raw SQL (6 timings, rotating order), sequential, one kept-alive connection ` +
      `(Node's http client), the owner's bearer token.\nRanges (round i uses i mod ${options.spread}): months ` +
      `${calls[0].variants.map((v) => v.month).join(' ')} (the web's 42-day grid of each) ` +
      `(week starts Sunday); weeks from ${calls[1].variants[0].query.from} to ` +
      `${calls[1].variants.at(-1).query.from}. Load average before: ${load()}.\n`,
  );
  await measure(calls, state.server, authorization, client, options.warmup);
  const results = await measure(calls, state.server, authorization, client, options.samples);
  const floorSamples = Math.min(options.samples, 500);
  const organizationRead = await measureFloor(
    `${state.server.base}/api/organizations/${seeded.organization.id}`,
    { authorization },
    floorSamples,
  );
  const helloPort = await freePort();
  state.hello = {
    started: startChild(['bench/hello-server.mjs'], { PORT: String(helloPort) }),
    base: `http://127.0.0.1:${helloPort}`,
  };
  await waitForOk(`${state.hello.base}/`, state.hello.started);
  const hello = await measureFloor(`${state.hello.base}/`, {}, floorSamples);
  await stopChild(state.hello.started);
  state.hello = null;
  const verdicts = printMeasurements(calls, results);
  console.log(`\nFor scale, ${floorSamples} requests each after a warm-up:`);
  console.log(
    `  GET /api/organizations/{orgId} (bearer, membership, one row): p50 ${f1(organizationRead.p50)} ms, ` +
      `p95 ${f1(organizationRead.p95)} ms`,
  );
  console.log(
    `  bare Hono hello-world (bench/hello-server.mjs): p50 ${f1(hello.p50)} ms, p95 ${f1(hello.p95)} ms`,
  );
  for (const c of calls) {
    const mismatches = results.get(c.key).mismatches;
    if (mismatches.length) {
      console.log(
        `!!! ${c.label}: the endpoint and the raw SQL returned different sessions in ${mismatches.length} ` +
          `rounds (${[...new Set(mismatches)].slice(0, 3).join(', ')})`,
      );
    }
  }
  if (calls.every((c) => results.get(c.key).mismatches.length === 0)) {
    console.log('Every round: the endpoint returned the same sessions, in the same order, as the raw SQL.');
  }
  console.log(
    `Overall: ${verdicts.every((row) => row.pass) ? 'PASS' : 'FAIL'} (endpoint p95 ≤ ${TARGET_RATIO} × raw SQL p95, ` +
      `every call). Load average after: ${load()}.`,
  );

  console.log(
    `\nSQL statements per call, counted on the wire (server 1 through the proxy, ${counted.requests} requests each after 3 unrecorded):`,
  );
  for (const line of counted.lines) {
    console.log(
      `  ${line.label.padEnd(44)} ${String(line.sessions).padStart(4)} sessions: ` +
        `${line.perRequest} statements per call (${line.breakdown})`,
    );
  }
  const constant = new Set(counted.lines.map((line) => line.perRequest)).size === 1;
  console.log(
    `  => ${constant ? `constant: ${counted.lines[0].perRequest} statements whatever the number of sessions` : '!!! NOT CONSTANT: the count depends on the range'}` +
      `; the raw SQL's texts ${counted.textsMatch ? 'are byte-identical to' : '!!! DIFFER FROM'} what the server ` +
      `sent, and the list's values ${counted.valuesMatch ? 'are the same' : '!!! DIFFER'}.`,
  );

  // 4. A year of sessions
  const generation = await timeGeneration(state.server, seeded, client, today);
  const { result } = generation;
  console.log(
    `\nGenerating a year of sessions: POST /api/organizations/{orgId}/schedules, ${options.generations} times ` +
      'each (alternating, every schedule deleted again; fetch, time to the 201 body):',
  );
  console.log(
    `  weekly Mon/Wed/Fri ${generation.year.startDate} … ${generation.year.endDate} (365 days): ` +
      `${result.sessions.year[0]} sessions; median ${f1(median(result.year))} ms ` +
      `(min ${f1(Math.min(...result.year))}, max ${f1(Math.max(...result.year))})`,
  );
  console.log(
    `  one-off (SINGLE, 1 session), for scale:              median ${f1(median(result.single))} ms ` +
      `(min ${f1(Math.min(...result.single))}, max ${f1(Math.max(...result.single))})`,
  );
  console.log(
    `  => the year's ${result.sessions.year[0] - 1} extra sessions cost ≈ ${f1(median(result.year) - median(result.single))} ms ` +
      `(${f2((median(result.year) - median(result.single)) / (result.sessions.year[0] - 1))} ms per session).`,
  );

  // 5. EXPLAIN, and the planner's statistics
  const middle = Math.floor(options.spread / 2);
  if (calls[0].variants[middle].statements.at(-1).text !== monthNow.statements.at(-1).text) {
    throw new Error('the month statement changed between the two servers');
  }
  await planStudy(
    client,
    calls,
    `the bench database as seeded (1 organization, ${count(totals.schedules)} schedules, ` +
      `${count(totals.sessions)} sessions)`,
  );
  const others = await addOtherOrganizations(client, year);
  await planStudy(
    client,
    calls,
    `the same after adding ${OTHER_ORGANIZATIONS} other organizations with SQL (3 establishments and 60 weekly ` +
      `schedules each, no rosters; ${count(others.schedules)} schedules, ${count(others.sessions)} sessions in all), ` +
      'as a shared production database holds',
  );

  await client.end();
  state.client = null;
  const stopped = await stopChild(state.server.started);
  state.server = null;
  if (!stopped.clean)
    console.log(`note: the server did not stop cleanly (code ${stopped.code}, signal ${stopped.signal})`);
  console.log(options.keep ? `\nKept "${DATABASE}" (--keep).` : `\nDropping "${DATABASE}".`);
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:sessions failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
