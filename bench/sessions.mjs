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
//    the week view of one establishment, each next to its raw SQL — the membership check and the list (with
//    the list's plan-mode settings), the statements bench/sessions-sql.mjs records from the server's own code,
//    run with `pg` one after the other in a transaction on one connection with
//    plan_cache_mode=force_custom_plan, as the server's pool sets — interleaved in the same rounds after a
//    warm-up; every round checks that the endpoint returned the sessions the raw SQL returned.
// 4. POST of a weekly schedule spanning 365 days (Mon/Wed/Fri), several times, next to a one-off schedule:
//    how long generating a year of sessions takes. Each is deleted again.
// 5. EXPLAIN (ANALYZE, BUFFERS) of the month and week queries as they are and under each of VARIANTS
//    (extended statistics on schedules (organization_id, establishment_id); an index), each timed in
//    alternating blocks — on the seeded database, then again after adding other organizations with SQL.
//    Nothing of it is a migration: the database is dropped at the end.
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import {
  call,
  connectLikeServer,
  count,
  countStatements,
  expectStatus,
  explain,
  f1,
  f2,
  freePort,
  interleavedRounds,
  load,
  machine,
  median,
  onInterrupt,
  parseArgs,
  pick,
  printPlan,
  printRatioTable,
  prng,
  runStatements,
  startApiServer,
  startChild,
  startOnFreshDatabase,
  stats,
  stopChild,
  stopServerAtEnd,
  subjectOf,
  timeGets,
  timeListRequest,
  waitForOk,
} from './lib.mjs';
import { admin, signIn } from './seed-customers.mjs';
import { calendarDates, sessionListStatements, visibleRange } from './sessions-sql.mjs';
import { createWeeklySchedules, insertCustomers, seedStudio } from './studio-seed.mjs';

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

// ---------------------------------------------------------------------------------------------------------
// The server

const startServer = (dataDir, databaseUrl) =>
  startApiServer({ dataDir, databaseUrl, authSecret: AUTH_SECRET });

// ---------------------------------------------------------------------------------------------------------
// The seed

async function seedThroughApi(server, year) {
  const studio = await seedStudio(server, {
    prefix: 'bench-sessions',
    organization: {
      name: 'Bench Studio Sessions',
      description: 'Pilates (sessions benchmark)',
      ownerLastName: 'Sessions',
    },
    establishments: ESTABLISHMENTS,
    instructorsPerEstablishment: INSTRUCTORS_PER_ESTABLISHMENT,
  });
  const { ms } = await createWeeklySchedules(server, studio, {
    total: SCHEDULES,
    from: year.from,
    to: year.to,
    seed: 60,
  });
  return { ...studio, schedulesMs: ms };
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

async function timeEndpoint(server, authorization, variant) {
  const { ms, bytes, body } = await timeListRequest(server, variant.path, authorization);
  return { ms, bytes, ids: body.items.map((item) => item.id).join() };
}

/** The calendar's own statement among those a request sends (the others: membership, plan-mode settings). */
const listOf = (statements) => statements.find((statement) => statement.name?.startsWith('sessions_list_'));

/**
 * The recorded statements one after the other, in a transaction as the endpoint's (its `set local`s mean
 * nothing outside one: the list would run under a custom plan the server no longer uses).
 */
async function timeRaw(client, variant) {
  const t0 = performance.now();
  await client.query('begin');
  const { results, times } = await runStatements(client, variant.statements);
  await client.query('commit');
  const ms = performance.now() - t0;
  const list = variant.statements.indexOf(listOf(variant.statements));
  const { rows } = results[list];
  return { ms, times: [times[0], times[list]], sessions: rows.length, ids: rows.map((row) => row[0]).join() };
}

/**
 * `rounds` rounds; round i runs, for variant i mod spread of every call, the endpoint and the raw SQL — the
 * six one after the other, starting with a different one each round.
 */
async function measure(calls, server, authorization, client, rounds) {
  const rows = await interleavedRounds(calls, rounds, (kind, variant) =>
    kind === 'endpoint' ? timeEndpoint(server, authorization, variant) : timeRaw(client, variant),
  );
  const results = new Map();
  for (const c of calls) {
    const answers = rows.get(c.key);
    const sessions = answers.map(({ raw }) => raw.sessions);
    results.set(c.key, {
      endpoint: answers.map(({ endpoint }) => endpoint.ms),
      raw: answers.map(({ raw }) => raw.ms),
      bytes: answers.map(({ endpoint }) => endpoint.bytes),
      counted: `${Math.min(...sessions)}–${Math.max(...sessions)}`,
      split: ['membership', 'list'].map((name, i) => [name, answers.map(({ raw }) => raw.times[i])]),
      mismatches: answers
        .filter(({ endpoint, raw }) => endpoint.ids !== raw.ids)
        .map(({ variant }) => `${variant.query.from}..${variant.query.to}`),
    });
  }
  return results;
}

const printMeasurements = (calls, results) =>
  printRatioTable(calls, results, {
    countHead: 'sessions',
    target: TARGET_RATIO,
    note:
      '(ms; raw SQL = load_membership then sessions_list, one after the other in a transaction on one connection, as the ' +
      'endpoint runs them; JSON KB = median response size)',
  });

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
      `force_custom_plan makes; the server runs it under a generic plan, decision 018), on ${title}.\n  pg_stats of schedules: ${organizations} distinct organization_id, ` +
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
    printPlan(`${label}, as is`, await explain(client, listOf(variant.statements)), key === 'month');
  }
  for (const variant of VARIANTS) {
    for (const sql of variant.apply) await client.query(sql);
    console.log(`
  ### with ${variant.label}:
    ${variant.apply.join(';\n    ')};`);
    for (const [, label, v] of runs) {
      printPlan(`${label}, ${variant.key}`, await explain(client, listOf(v.statements)), false);
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
      const statements = calls[index].variants.map((v) => listOf(v.statements));
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

  await startOnFreshDatabase(state, { admin, database: DATABASE, authSecret: AUTH_SECRET, pgPort: PG_PORT });

  // 1. Seed
  const t0 = performance.now();
  const seeded = await seedThroughApi(state.server, year);
  seeded.ownerAuthorization = seeded.owner.authorization;
  state.client = await connectLikeServer(databaseUrl(PG_PORT), 'bench-sessions');
  const client = state.client;
  const customerIds = await insertCustomers(client, seeded.organization.id, CUSTOMERS, 2000);
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
    { label: `7 days (${weekNow.query.from} … ${weekNow.query.to})`, ...weekNow },
    { label: `42 days (${monthNow.query.from} … ${monthNow.query.to})`, ...monthNow },
    { label: `7 days with no session (${emptyWeek.query.from} …)`, ...emptyWeek },
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
  const organizationRead = await timeGets(
    `${state.server.base}/api/organizations/${seeded.organization.id}`,
    { authorization },
    floorSamples,
    options.warmup,
  );
  const helloPort = await freePort();
  state.hello = {
    started: startChild(['bench/hello-server.mjs'], { PORT: String(helloPort) }),
    base: `http://127.0.0.1:${helloPort}`,
  };
  await waitForOk(`${state.hello.base}/`, state.hello.started);
  const hello = await timeGets(`${state.hello.base}/`, {}, floorSamples, options.warmup);
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
      `  ${line.label.padEnd(44)} ${String(line.items).padStart(4)} sessions: ` +
        `${line.perRequest} statements per call (${line.breakdown})`,
    );
  }
  const constant = new Set(counted.lines.map((line) => line.perRequest)).size === 1;
  console.log(
    `  => ${constant ? `constant: ${counted.lines[0].perRequest} statements whatever the number of sessions` : '!!! NOT CONSTANT: the count depends on the range'}` +
      `; the raw SQL's texts ${counted.textsMatch ? 'are byte-identical to' : '!!! DIFFER FROM'} what the server ` +
      `sent, and the list's values ${counted.valuesMatch ? 'are the same' : '!!! DIFFER'}.`,
  );
  for (const difference of counted.differences) console.log(`     ${difference}`);

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
  if (listOf(calls[0].variants[middle].statements).text !== listOf(monthNow.statements).text) {
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
  await stopServerAtEnd(state.server.started);
  state.server = null;
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
