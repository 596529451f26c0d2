// `npm run bench:dashboard [-- --samples N --warmup W --keep]`: the organization's dashboard (issue #18,
// docs/decisions/020), GET /organizations/{orgId}/dashboard, on the real PostgreSQL at 127.0.0.1:5432.
//
// 1. A fresh database `reformer_bench_dashboard` (dropped at the end, also on an error or Ctrl-C, unless
//    --keep). A first server reaches PostgreSQL through the statement-counting proxy (lib.mjs) and applies
//    the migrations; through the API (studio-seed.mjs): the owner, "Bench Studio Dashboard" (2 establishments,
//    an instructor in each) and 40 weekly schedules from a year ago to a month ahead, whose POSTs generate
//    their sessions; two monthly plans (BRL, USD). With SQL: 2,000 customers (dates of birth spread over the
//    year), enrollments filling ~85% of each schedule's seats over the year (1–6 months each), a year of
//    attendance (every past session's enrolled customers: 83% checked in, 5% canceled, the rest with no row),
//    a COMPLETED payment for 94% of the cycles started; then VACUUM (ANALYZE). On that server: the statements
//    per dashboard call, counted on the wire.
// 2. A second server straight on PostgreSQL: the dashboard's p50/p95 for the owner (every part) and for an
//    establishment's instructor (sessions of one establishment, customers), sequential, kept alive; then the
//    owner's at 50 connections (autocannon, --duration s): req/s and the CPU per request of the server's Node
//    process and of the PostgreSQL backends serving this database, read from /proc.
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';
import {
  connectLikeServer,
  count,
  cpuSeconds,
  f1,
  f2,
  httpGet,
  load,
  machine,
  onInterrupt,
  parseArgs,
  prng,
  sleep,
  startApiServer,
  startOnFreshDatabase,
  stopChild,
  stopServerAtEnd,
  tallyStatements,
  timeGets,
} from './lib.mjs';
import { addDays, addMonths, todayIn } from './payments-sql.mjs';
import { admin, signIn } from './seed-customers.mjs';
import { createPlans, createWeeklySchedules, insertCustomers, seedStudio } from './studio-seed.mjs';

const options = parseArgs(process.argv.slice(2), {
  samples: 500,
  warmup: 100,
  keep: false,
  duration: 10,
  connections: 50,
});
const DATABASE = 'reformer_bench_dashboard';
const PG_PORT = 5432;
const databaseUrl = (port) => `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
// A bench-only value (the signing keys live in the database): never a real secret.
const AUTH_SECRET = 'reformer-bench-dashboard-not-a-secret-0123456789abcdef';
const PREFIX = 'bench-dashboard';
const TIME_ZONE = 'America/Sao_Paulo'; // the organization's default
const SCHEDULES = 40;
const CUSTOMERS = 2_000;
const SEATS_FILLED = 0.85;
const PLANS = [
  { name: 'Mensal livre', currency: 'BRL', priceCents: 42_000, share: 0.9 },
  { name: 'Monthly (USD)', currency: 'USD', priceCents: 9_500, share: 0.1 },
];

const state = { dataDir: null, server: null, proxy: null, client: null };
const cleanup = onInterrupt(async () => {
  await state.client?.end().catch(() => {});
  if (state.server) await stopChild(state.server.started, 5000);
  await state.proxy?.close();
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  if (options.keep) return;
  await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`).catch((error) =>
    console.error(`could not drop "${DATABASE}": ${error.message}`),
  );
});

const planBody = (plan) => ({
  name: plan.name,
  description: `${plan.name}: aulas em grupo`,
  priceCents: plan.priceCents,
  currency: plan.currency,
  billingCycle: 'MONTHLY',
  features: ['Aulas em grupo'],
  weeklySessionsLimit: null,
  isActive: true,
});

/**
 * Each schedule's seats (85% of its capacity) filled one after the other over the year: an enrollment of
 * 1–6 months, a gap of 0–20 days, the next customer. ACTIVE when it reaches today, otherwise COMPLETED.
 */
function buildEnrollments(schedules, plans, customerIds, from, today) {
  const random = prng(CUSTOMERS);
  const rows = [];
  const horizon = addDays(today, 30);
  for (const schedule of schedules) {
    const seats = Math.max(1, Math.round(schedule.capacity * SEATS_FILLED));
    for (let seat = 0; seat < seats; seat += 1) {
      let start = addDays(from, Math.floor(random() * 30));
      while (start < horizon) {
        const end = addDays(addMonths(start, 1 + Math.floor(random() * 6)), -1);
        const plan = random() < plans[0].share ? plans[0] : plans[1];
        const customerId = customerIds[Math.floor(random() * customerIds.length)];
        const created = new Date(`${start}T12:00:00Z`);
        rows.push([
          uuidv7({ msecs: created.getTime() }),
          customerId,
          plan.id,
          schedule.id,
          start,
          end,
          end >= today ? 'ACTIVE' : 'COMPLETED',
          created,
        ]);
        start = addDays(end, 1 + Math.floor(random() * 20));
      }
    }
  }
  return rows;
}

async function seedWithSql(client, seeded, today) {
  const organizationId = seeded.organization.id;
  const customerIds = await insertCustomers(client, organizationId, CUSTOMERS, CUSTOMERS);
  // Dates of birth over 1950–2005 (hash of the id: deterministic), a birthday on every day of the year.
  await client.query(
    `update customers set date_of_birth = date '1950-01-01' + (abs(hashtext(id::text)) % 20000)
      where organization_id = $1`,
    [organizationId],
  );
  const enrollments = buildEnrollments(seeded.schedules, seeded.plans, customerIds, seeded.span.from, today);
  const columns = enrollments[0].map((_, c) => enrollments.map((row) => row[c]));
  await client.query(
    `insert into enrollments (organization_id, id, customer_id, plan_id, schedule_id, start_date, end_date,
                              status, created_at, updated_at)
       select $1, id, customer_id, plan_id, schedule_id, start_date, end_date, status, created_at, created_at
         from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::date[], $7::date[],
                     $8::enrollment_status[], $9::timestamptz[])
           as t(id, customer_id, plan_id, schedule_id, start_date, end_date, status, created_at)`,
    [organizationId, ...columns],
  );
  // A year of attendance: per past session and enrolled customer, a hash decides (deterministic).
  await client.query(
    `insert into session_attendance (organization_id, session_id, customer_id, source, status, checked_in_at)
       select s.organization_id, s.id, e.customer_id, 'ENROLLMENT',
              (case when h < 50 then 'CANCELED' else 'CONFIRMED' end)::attendance_status,
              case when h >= 50 then s.starts_at - interval '5 minutes' end
         from schedule_sessions s
         join enrollments e on e.organization_id = s.organization_id and e.schedule_id = s.schedule_id
          and s.scheduled_date between e.start_date and e.end_date
         cross join lateral (select abs(hashtext(s.id::text || e.customer_id::text)) % 1000 as h) r
        where s.organization_id = $1 and s.date < $2::date and r.h < 880
       on conflict do nothing`,
    [organizationId, today],
  );
  // A COMPLETED payment for 94% of the monthly cycles started by today, paid in its first week.
  await client.query(
    `insert into payments (organization_id, id, customer_id, enrollment_id, plan_id, cycle_start, cycle_end,
                           amount_cents, currency, paid_on, method, status)
       select e.organization_id, gen_random_uuid(), e.customer_id, e.id, e.plan_id, c.cycle_start,
              c.cycle_end, p.price_cents, p.currency,
              least(c.cycle_start + (abs(hashtext(e.id::text || k::text)) % 8), $2::date), 'PIX', 'COMPLETED'
         from enrollments e
         join customer_plans p on p.organization_id = e.organization_id and p.id = e.plan_id
         cross join lateral generate_series(0, 12) k
         cross join lateral (select (e.start_date + make_interval(months => k))::date as cycle_start,
                                    ((e.start_date + make_interval(months => k + 1))::date - 1) as cycle_end) c
        where e.organization_id = $1 and c.cycle_start <= e.end_date and c.cycle_start <= $2::date
          and abs(hashtext(e.id::text || k::text || 'paid')) % 100 >= 6`,
    [organizationId, today],
  );
  await client.query('vacuum (analyze)');
  const { rows } = await client.query(
    `select (select count(*)::int from customers where organization_id = $1) as customers,
            (select count(*)::int from enrollments where organization_id = $1) as enrollments,
            (select count(*)::int from enrollments where organization_id = $1 and status = 'ACTIVE') as active,
            (select count(*)::int from schedule_sessions where organization_id = $1) as sessions,
            (select count(*)::int from schedule_sessions where organization_id = $1 and date < $2::date) as past,
            (select count(*)::int from session_attendance where organization_id = $1) as attendance,
            (select count(*)::int from session_attendance
              where organization_id = $1 and checked_in_at is not null) as checked_in,
            (select count(*)::int from payments where organization_id = $1) as payments`,
    [organizationId, today],
  );
  return rows[0];
}

/** The PostgreSQL server's backends connected to the bench's database (their title names it), from /proc. */
function backendPids() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return title.startsWith('postgres: ') && title.includes(` ${DATABASE} `);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * The owner's dashboard at `connections` in flight: req/s, latency, and the CPU each answered request cost the
 * server's Node process and PostgreSQL (every backend on this database, including the ones the run opens).
 */
async function loadDashboard(url, authorization, serverPid) {
  const settings = { url, headers: { authorization }, connections: options.connections, timeout: 10 };
  await autocannon({ ...settings, duration: 2 });
  const pgBefore = new Map(backendPids().map((pid) => [pid, cpuSeconds(pid)]));
  const nodeBefore = cpuSeconds(serverPid);
  const result = await autocannon({ ...settings, duration: options.duration });
  const answered = Math.max(1, result['2xx'] + result.non2xx);
  const pgSeconds = backendPids().reduce((sum, pid) => sum + cpuSeconds(pid) - (pgBefore.get(pid) ?? 0), 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    nodeMs: ((cpuSeconds(serverPid) - nodeBefore) * 1000) / answered,
    pgMs: (pgSeconds * 1000) / answered,
  };
}

/** The statements one dashboard call sends, on the wire (server 1 through the proxy), after 3 unrecorded. */
async function countDashboardStatements(server, proxy, authorization, path, requests = 20) {
  for (let i = 0; i < 3; i += 1) await httpGet(`${server.base}${path}`, { authorization });
  await sleep(50);
  proxy.take();
  for (let i = 0; i < requests; i += 1) await httpGet(`${server.base}${path}`, { authorization });
  await sleep(50);
  return tallyStatements(proxy.take(), requests);
}

function describeFigures(body) {
  const { sessions, payments, customers } = body;
  const money = (rows, field) => rows.map((row) => `${row.currency} ${f1(row[field] / 100)}`).join(', ');
  return [
    sessions &&
      `today ${sessions.today.length} sessions; attendance ${sessions.attendance.checkedIn}/${sessions.attendance.expected}; ` +
        `${sessions.occupancyBySchedule.items.length} schedules' occupancy`,
    payments &&
      `revenue this month ${money(payments.revenue, 'thisMonthCents')}, last month ${money(payments.revenue, 'lastMonthCents')}; ` +
        `overdue ${payments.overdue.map((row) => `${row.currency} ${row.cycles} cycles ${f1(row.amountCents / 100)}`).join(', ')}`,
    customers &&
      `${customers.active} active customers, ${customers.birthdays.items.length} birthdays this week`,
  ]
    .filter(Boolean)
    .join('; ');
}

async function main() {
  console.log('Reformer dashboard: GET /api/organizations/{orgId}/dashboard');
  console.log(`Machine: ${machine()}; load average ${load()} (1/5/15 min)`);
  const today = todayIn(TIME_ZONE, new Date());

  await startOnFreshDatabase(state, { admin, database: DATABASE, authSecret: AUTH_SECRET, pgPort: PG_PORT });

  // 1. Seed
  const t0 = performance.now();
  const studio = await seedStudio(state.server, {
    prefix: PREFIX,
    organization: {
      name: 'Bench Studio Dashboard',
      description: 'Pilates (dashboard)',
      ownerLastName: 'Dash',
    },
    establishments: ['Centro', 'Praia'],
    instructorsPerEstablishment: 1,
  });
  const span = { from: addMonths(today, -12), to: addMonths(today, 1) };
  const { schedules, ms: schedulesMs } = await createWeeklySchedules(state.server, studio, {
    total: SCHEDULES,
    ...span,
    seed: SCHEDULES,
    concurrency: 2,
  });
  const plans = await createPlans(state.server, studio, PLANS, planBody);
  const seeded = { ...studio, span, schedules, plans };
  state.client = await connectLikeServer(databaseUrl(PG_PORT), 'bench-dashboard');
  const totals = await seedWithSql(state.client, seeded, today);
  console.log(
    `Seeded in ${f1((performance.now() - t0) / 1000)} s (today ${today}): through the API 1 owner, 2 ` +
      `establishments, 2 instructors, ${SCHEDULES} weekly schedules ${span.from} … ${span.to} ` +
      `(${f1(schedulesMs / 1000)} s), 2 plans; with SQL ${count(totals.customers)} customers, ` +
      `${count(totals.enrollments)} enrollments (${count(totals.active)} ACTIVE), ${count(totals.sessions)} sessions ` +
      `(${count(totals.past)} past), ${count(totals.attendance)} attendance rows (${count(totals.checked_in)} ` +
      `check-ins), ${count(totals.payments)} payments; VACUUM (ANALYZE) done.`,
  );

  const organizationId = seeded.organization.id;
  const path = `/api/organizations/${organizationId}/dashboard`;
  const instructorEmail = `${PREFIX}-instructor-0-0@example.com`;
  const ownerStatements = await countDashboardStatements(
    state.server,
    state.proxy,
    seeded.owner.authorization,
    path,
  );
  await stopChild(state.server.started);
  state.server = null;
  await state.proxy.close();
  state.proxy = null;

  // 2. Timings (server 2, straight on PostgreSQL)
  state.server = await startApiServer({
    dataDir: state.dataDir,
    databaseUrl: databaseUrl(PG_PORT),
    authSecret: AUTH_SECRET,
  });
  const owner = await signIn(state.server, `${PREFIX}-owner@example.com`);
  const instructor = await signIn(state.server, instructorEmail);
  const url = `${state.server.base}${path}`;
  const sample = await httpGet(url, { authorization: owner });
  console.log(`\nThe owner's figures: ${describeFigures(JSON.parse(sample.text))}.`);
  console.log(
    `\n${options.warmup} unrecorded then ${options.samples} sequential requests per caller, one kept-alive ` +
      `connection, bearer token. Load average before: ${load()}.`,
  );
  const ownerTimes = await timeGets(url, { authorization: owner }, options.samples, options.warmup);
  const instructorTimes = await timeGets(url, { authorization: instructor }, options.samples, options.warmup);
  console.log(`  owner (every part):             p50 ${f1(ownerTimes.p50)} ms, p95 ${f1(ownerTimes.p95)} ms`);
  console.log(
    `  instructor (one establishment): p50 ${f1(instructorTimes.p50)} ms, p95 ${f1(instructorTimes.p95)} ms`,
  );
  console.log(
    `  statements per owner call, on the wire: ${ownerStatements.perRequest} (${ownerStatements.breakdown})`,
  );
  console.log(`Load average after: ${load()}.`);
  const loaded = await loadDashboard(url, owner, state.server.started.child.pid);
  console.log(
    `\nThe owner's dashboard at ${options.connections} connections, ${options.duration} s (autocannon, after 2 s ` +
      `unrecorded): ${f1(loaded.rps)} req/s, p50 ${loaded.p50} ms, p99 ${loaded.p99} ms, ${loaded.non2xx} not 2xx; ` +
      `CPU per request: Node ${f2(loaded.nodeMs)} ms, PostgreSQL ${f2(loaded.pgMs)} ms. Load average after: ${load()}.`,
  );

  await state.client.end();
  state.client = null;
  await stopServerAtEnd(state.server.started);
  state.server = null;
  console.log(options.keep ? `\nKept "${DATABASE}" (--keep).` : `\nDropping "${DATABASE}".`);
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:dashboard failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
