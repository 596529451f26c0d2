// `npm run bench:enrollments [-- --rounds R --samples N --warmup W --keep]`: the Enrollments API (issue #10,
// "Speed") on the real PostgreSQL at 127.0.0.1:5432 (docs: bench/README.md).
//
// 1. A fresh database `reformer_bench_enrollments` (dropped at the end, also on an error or Ctrl-C, unless
//    --keep). A first server reaches PostgreSQL through the statement-counting proxy (lib.mjs) and applies the
//    migrations; through the API: the owner, "Bench Studio Enrollments" (3 establishments, 6 instructors, weekly
//    schedules over two years, 4 plans) and "Bench Studio Contention" (1 establishment, 1 instructor, a monthly
//    plan); with SQL: the customers and 20,000 enrollments (seat by seat, so no class is ever over capacity),
//    then VACUUM (ANALYZE). On that server the SQL statements per list call and per create are counted on the
//    wire, and the list's are compared with the raw SQL below.
// 2. A second server straight on PostgreSQL. Overbooking under contention: per round a fresh schedule whose
//    seats but one are taken by single creates (timed: uncontended), then 50 creates at once for the last
//    seat (timed); afterwards SQL counts the enrollments of every schedule against its capacity.
// 3. The list, GET /enrollments with filters, page 1 and a deep page, next to the raw SQL of the same
//    statements (enrollments-sql.mjs: the membership check and the page, which carries the total — the count
//    alone only past the last page —, one after the other on one connection, unnamed and so planned per call;
//    the server runs its page under a generic plan, decision 018), interleaved in the same rounds after a
//    warm-up; every round checks that both return the same ids and total. PASS/FAIL: endpoint p95 ≤ 2 × raw
//    SQL p95.
// 4. EXPLAIN (ANALYZE, BUFFERS) of each call's page (and count, where it is asked alone).
import { rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { v7 as uuidv7 } from 'uuid';
import {
  addDays,
  addMonths,
  billingCycle,
  billingCycleMonths,
  enrollmentListStatements,
  todayIn,
} from './enrollments-sql.mjs';
import {
  connectLikeServer,
  count,
  countStatements,
  expectStatus,
  explain,
  f1,
  httpRequest,
  interleavedRounds,
  isPlanMode,
  load,
  machine,
  onInterrupt,
  parseArgs,
  post,
  printPlan,
  printRatioTable,
  prng,
  runStatements,
  sleep,
  startApiServer,
  startOnFreshDatabase,
  stats,
  stopChild,
  stopServerAtEnd,
  subjectOf,
  tallyStatements,
  timeGets,
  timeListRequest,
} from './lib.mjs';
import { admin, signIn } from './seed-customers.mjs';
import { createPlans, createWeeklySchedules, insertCustomers, seedStudio } from './studio-seed.mjs';

const options = parseArgs(process.argv.slice(2), { rounds: 100, samples: 1000, warmup: 300, keep: false });
const DATABASE = 'reformer_bench_enrollments';
const PG_PORT = 5432;
const databaseUrl = (port) => `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
// A bench-only value (the signing keys live in the database): never a real secret.
const AUTH_SECRET = 'reformer-bench-enrollments-not-a-secret-0123456789abcdef';
const PREFIX = 'bench-enrollments';
const OWNER_EMAIL = `${PREFIX}-owner@example.com`;
const TIME_ZONE = 'America/Sao_Paulo'; // the organizations' default
const ESTABLISHMENTS = ['Centro', 'Praia', 'Jardins'];
const SCHEDULES = 210;
const CUSTOMERS = 6000;
const ENROLLMENTS = 20_000;
/** The list organization's plans: how often each is chosen, and the chance of each further cycle. */
const PLANS = [
  {
    name: 'Mensal 2x',
    billingCycle: 'MONTHLY',
    weeklySessionsLimit: 2,
    priceCents: 42_000,
    share: 0.75,
    renews: 0.15,
  },
  {
    name: 'Trimestral 2x',
    billingCycle: 'QUARTERLY',
    weeklySessionsLimit: 2,
    priceCents: 114_000,
    share: 0.18,
    renews: 0.2,
  },
  {
    name: 'Semestral 3x',
    billingCycle: 'SEMI_ANNUAL',
    weeklySessionsLimit: 3,
    priceCents: 300_000,
    share: 0.05,
    renews: 0.15,
  },
  {
    name: 'Anual livre',
    billingCycle: 'ANNUALLY',
    weeklySessionsLimit: null,
    priceCents: 540_000,
    share: 0.02,
    renews: 0.1,
  },
];
const CONTENDERS = 50;
/** Seats taken by single creates before each contest; the round's schedule has one more. */
const SEATED = 10;
/** The contention organization's customers who take those seats (each holds a few enrollments). */
const FILLERS = 500;
/** Unrecorded contention rounds first (the server's and V8's warm-up); their schedules are checked too. */
const CONTENTION_WARMUP = 5;
/** Values per list call (schedules, customers, establishments, deep pages): round i uses i mod SPREAD. */
const SPREAD = 8;
const LIMIT = 10; // the list's default page size, as the web's Enrollments page sends it
const DEEP_PAGE = 500;
const TARGET_RATIO = 2;

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

const startServer = (dataDir, url) => startApiServer({ dataDir, databaseUrl: url, authSecret: AUTH_SECRET });
const daysBetween = (from, to) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const later = (a, b) => (a > b ? a : b);
const range = (n) => Array.from({ length: n }, (_, i) => i);

// ---------------------------------------------------------------------------------------------------------
// The seed

const planBody = (plan) => ({
  name: plan.name,
  description: `${plan.name}: aulas em grupo`,
  priceCents: plan.priceCents,
  currency: 'BRL',
  billingCycle: plan.billingCycle,
  features: ['Aulas em grupo', 'Reposição de faltas'],
  weeklySessionsLimit: plan.weeklySessionsLimit,
  isActive: true,
});

/** Both organizations, as staff would set them up in the app. */
async function seedThroughApi(server, today) {
  const studio = await seedStudio(server, {
    prefix: PREFIX,
    organization: {
      name: 'Bench Studio Enrollments',
      description: 'Pilates (enrollments benchmark)',
      ownerLastName: 'Enrollments',
    },
    establishments: ESTABLISHMENTS,
    instructorsPerEstablishment: 2,
  });
  // Two years, the longest a schedule may run: 20 months of history, 4 ahead.
  const span = { from: addMonths(today, -20), to: addDays(addMonths(today, 4), -1) };
  const { schedules, ms } = await createWeeklySchedules(server, studio, {
    total: SCHEDULES,
    ...span,
    seed: SCHEDULES,
    concurrency: 2,
  });
  const plans = await createPlans(server, studio, PLANS, planBody);
  const arena = await seedStudio(server, {
    prefix: `${PREFIX}-contention`,
    owner: studio.owner,
    organization: { name: 'Bench Studio Contention', description: 'Pilates (50 requests, one seat)' },
    establishments: ['Arena'],
    instructorsPerEstablishment: 1,
  });
  const monthly = {
    name: 'Mensal livre',
    billingCycle: 'MONTHLY',
    weeklySessionsLimit: null,
    priceCents: 39_000,
  };
  const plan = await post(
    server,
    studio.owner.authorization,
    `/organizations/${arena.organization.id}/customer-plans`,
    planBody(monthly),
  );
  return { ...studio, span, schedules, schedulesMs: ms, plans, contention: { ...arena, plan } };
}

/**
 * The dates and status of one enrollment, as staff and the daily job would have left them by `today`: 15 %
 * cancelled part-way (CANCELED from that date), else COMPLETED once the end passed; of those under way, 10 %
 * paused around today until a resume date; the rest ACTIVE (also those starting later).
 */
function lifecycle(random, startDate, endDate, today) {
  if (random() < 0.15) {
    const canceledFrom = addDays(startDate, 1 + Math.floor(random() * daysBetween(startDate, endDate)));
    return {
      status: 'CANCELED',
      canceledFrom,
      lastCovered: addDays(canceledFrom, -1),
      changed: canceledFrom,
    };
  }
  if (endDate < today) return { status: 'COMPLETED', lastCovered: endDate, changed: addDays(endDate, 1) };
  if (startDate <= today && random() < 0.1) {
    const pausedFrom = later(startDate, addDays(today, -Math.floor(random() * 14)));
    const resumeOn = addDays(today, 1 + Math.floor(random() * 30));
    return { status: 'PAUSED', pausedFrom, resumeOn, lastCovered: endDate, changed: pausedFrom };
  }
  return { status: 'ACTIVE', lastCovered: endDate, changed: null };
}

/**
 * Enrollments seat by seat: each seat of every schedule holds one enrollment after another from the
 * schedule's start to five weeks ahead (a plan drawn by its share, renewed for more cycles now and then, gaps
 * of 0–2 weeks, half the time the same customer again), so no class ever has more customers than seats and no
 * customer two overlapping enrollments in one class. Then the oldest beyond ENROLLMENTS are dropped.
 */
function buildEnrollments(seeded, customerIds, today, now) {
  const random = prng(ENROLLMENTS);
  const drawPlan = () => {
    let roll = random();
    for (const plan of seeded.plans) {
      roll -= plan.share;
      if (roll < 0) return plan;
    }
    return seeded.plans[0];
  };
  const horizon = addDays(today, 35);
  const rows = [];
  for (const schedule of seeded.schedules) {
    const held = new Map(); // customer → [[start, last covered]] in this schedule
    const isFree = (id, start, last) => !(held.get(id) ?? []).some(([a, b]) => a <= last && start <= b);
    for (let seat = 0; seat < schedule.capacity; seat += 1) {
      let startDate = addDays(seeded.span.from, Math.floor(random() * 30));
      let customerId = null;
      while (startDate <= horizon) {
        const plan = drawPlan();
        let cycles = 1;
        while (random() < plan.renews) cycles += 1;
        const cycleEnd = billingCycle(startDate, billingCycleMonths(plan.billingCycle), cycles - 1).end;
        const isEndDateExplicit = random() < 0.05;
        const endDate = isEndDateExplicit
          ? later(addDays(startDate, 1), addDays(cycleEnd, -1 - Math.floor(random() * 7)))
          : cycleEnd;
        const life = lifecycle(random, startDate, endDate, today);
        if (!customerId || random() < 0.5 || !isFree(customerId, startDate, life.lastCovered)) {
          customerId = null;
          for (let tries = 0; tries < 50 && !customerId; tries += 1) {
            const candidate = customerIds[Math.floor(random() * customerIds.length)];
            if (isFree(candidate, startDate, life.lastCovered)) customerId = candidate;
          }
          if (!customerId) throw new Error('no free customer found: raise CUSTOMERS');
        }
        held.set(customerId, [...(held.get(customerId) ?? []), [startDate, life.lastCovered]]);
        const created = Math.min(
          now,
          Date.parse(`${startDate}T12:00:00Z`) - Math.floor(random() * 7) * 86_400_000,
        );
        const updated = life.changed
          ? Math.min(now, Math.max(created, Date.parse(`${life.changed}T12:00:00Z`)))
          : created;
        rows.push([
          uuidv7({ msecs: created }),
          customerId,
          plan.id,
          schedule.id,
          startDate,
          endDate,
          isEndDateExplicit,
          life.status,
          life.pausedFrom ?? null,
          life.resumeOn ?? null,
          life.canceledFrom ?? null,
          random() < 0.1 ? 'Indicação de uma aluna' : null,
          new Date(created),
          new Date(updated),
        ]);
        startDate = addDays(life.lastCovered, 1 + (random() < 0.6 ? 0 : Math.floor(random() * 15)));
      }
    }
  }
  if (rows.length < ENROLLMENTS) throw new Error(`only ${rows.length} enrollments fit: raise SCHEDULES`);
  rows.sort((a, b) => (a[4] < b[4] ? -1 : a[4] > b[4] ? 1 : 0));
  return rows.slice(rows.length - ENROLLMENTS);
}

async function insertEnrollments(client, organizationId, rows) {
  const BATCH = 10_000;
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH);
    await client.query(
      `insert into enrollments (organization_id, id, customer_id, plan_id, schedule_id, start_date, end_date,
                                is_end_date_explicit, status, paused_from, resume_on, canceled_from, notes,
                                created_at, updated_at)
       select $1, * from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::date[], $7::date[],
                                $8::boolean[], $9::enrollment_status[], $10::date[], $11::date[], $12::date[],
                                $13::text[], $14::timestamptz[], $15::timestamptz[])`,
      [organizationId, ...range(14).map((c) => batch.map((row) => row[c]))],
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Creates: statements on the wire, and 50 at once for the last seat

const enrollmentsPath = (organizationId) => `/api/organizations/${organizationId}/enrollments`;

/** The contention schedules' dates: weekly Tue/Thu from the Monday after next, five weeks. */
function contestWindow(today) {
  const monday = addDays(today, 7 + ((8 - new Date(`${today}T12:00:00Z`).getUTCDay()) % 7 || 7));
  return { from: monday, to: addDays(monday, 34) };
}

async function createContestSchedule(server, arena, window, name, capacity) {
  return post(server, arena.authorization, `/organizations/${arena.organization.id}/schedules`, {
    name,
    type: 'GROUP',
    establishmentId: arena.establishments[0].id,
    staffUserId: arena.instructors[0][0],
    capacity,
    startTime: '07:00',
    endTime: '08:00',
    startDate: window.from,
    endDate: window.to,
    recurrenceType: 'WEEKLY',
    daysOfWeek: [2, 4],
  });
}

/** One POST /enrollments (Node's http client): time to the end of the body, status, error code. */
async function timeCreate(server, arena, scheduleId, customerId, agent) {
  const t0 = performance.now();
  const response = await httpRequest(`${server.base}${enrollmentsPath(arena.organization.id)}`, {
    method: 'POST',
    headers: arena.headers,
    body: { customerId, planId: arena.plan.id, scheduleId, startDate: arena.window.from },
    agent,
  });
  const ms = performance.now() - t0;
  const code = response.status === 201 ? null : JSON.parse(response.text).error?.code;
  return { ms, status: response.status, code, text: response.text };
}

/** Statements per create on the wire (server 1 through the proxy): 20 creates after 3 unrecorded. */
async function countCreateStatements(server, proxy, arena) {
  const schedule = await createContestSchedule(server, arena, arena.window, 'Contagem', 40);
  const customers = arena.fillers.slice(0, 23);
  for (const [i, customerId] of customers.entries()) {
    if (i === 3) {
      await sleep(50);
      proxy.take();
    }
    const created = await timeCreate(server, arena, schedule.id, customerId);
    expectStatus(created, 201, 'POST enrollments (statement count)');
  }
  await sleep(50);
  return tallyStatements(proxy.take(), customers.length - 3);
}

/**
 * One round: a fresh schedule with SEATED + 1 seats, SEATED single creates one after the other (the
 * uncontended timings), then CONTENDERS creates at once for the last seat, each contender a different
 * customer (the order rotates every round, so no one customer always wins).
 */
async function contestRound(server, arena, round, crowd) {
  const schedule = await createContestSchedule(server, arena, arena.window, `Disputa ${round}`, SEATED + 1);
  const single = [];
  for (let k = 0; k < SEATED; k += 1) {
    const customerId = arena.fillers[(round * SEATED + k) % arena.fillers.length];
    const created = await timeCreate(server, arena, schedule.id, customerId);
    expectStatus(created, 201, `POST enrollments (seat ${k + 1} of ${schedule.name})`);
    single.push(created.ms);
  }
  const order = range(CONTENDERS).map((k) => arena.contenders[(round + k) % CONTENDERS]);
  const t0 = performance.now();
  const creates = order.map((customerId) => timeCreate(server, arena, schedule.id, customerId, crowd));
  const aside = timeGets(`${server.base}/api/organizations/${arena.organization.id}`, arena.headers, 1, 0);
  const answers = await Promise.all(creates);
  const wall = performance.now() - t0;
  return { single, answers, wall, aside: (await aside).p50 };
}

async function runContest(server, arena) {
  const crowd = new Agent({ keepAlive: true, maxSockets: CONTENDERS });
  const result = { single: [], contended: [], won: [], refused: [], walls: [], aside: [], winners: [] };
  result.statuses = new Map();
  for (let round = -CONTENTION_WARMUP; round < options.rounds; round += 1) {
    const { single, answers, wall, aside } = await contestRound(
      server,
      arena,
      round + CONTENTION_WARMUP,
      crowd,
    );
    if (round < 0) continue;
    result.single.push(...single);
    result.walls.push(wall);
    result.aside.push(aside);
    result.winners.push(answers.filter((answer) => answer.status === 201).length);
    for (const answer of answers) {
      const key = `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
      result.statuses.set(key, (result.statuses.get(key) ?? 0) + 1);
      result.contended.push(answer.ms);
      (answer.status === 201 ? result.won : result.refused).push(answer.ms);
    }
  }
  crowd.destroy();
  return result;
}

/**
 * Afterwards, in SQL: for every schedule of the contention organization, its enrollments against its
 * capacity; and for every session, the enrollments whose dates cover it (nothing there is paused or cancelled)
 * plus the attendance rows that take a seat, against the capacity.
 */
async function countOverbooking(client, organizationId) {
  const { rows } = await client.query(
    `with per_schedule as (
       select s.id, s.capacity, count(e.id)::int as enrolled
         from schedules s
         left join enrollments e on e.organization_id = s.organization_id and e.schedule_id = s.id
                                and e.status = 'ACTIVE'
        where s.organization_id = $1
        group by s.id, s.capacity),
     per_session as (
       select s.capacity,
              (select count(*)::int from enrollments e
                where e.organization_id = ss.organization_id and e.schedule_id = ss.schedule_id
                  and e.status = 'ACTIVE' and e.start_date <= ss.scheduled_date and ss.scheduled_date <= e.end_date)
            + (select count(*)::int from session_attendance a
                where a.organization_id = ss.organization_id and a.session_id = ss.id
                  and a.status <> 'CANCELED') as taken
         from schedule_sessions ss join schedules s on s.organization_id = ss.organization_id and s.id = ss.schedule_id
        where ss.organization_id = $1 and ss.is_active)
     select (select count(*)::int from per_schedule) as schedules,
            (select coalesce(sum(greatest(enrolled - capacity, 0)), 0)::int from per_schedule) as overbooked,
            (select count(*)::int from per_schedule where enrolled = capacity) as full_schedules,
            (select count(*)::int from per_session) as sessions,
            (select count(*)::int from per_session where taken > capacity) as sessions_over,
            (select coalesce(sum(greatest(taken - capacity, 0)), 0)::int from per_session) as session_seats_over`,
    [organizationId],
  );
  return rows[0];
}

// ---------------------------------------------------------------------------------------------------------
// The list

/** Schedules and customers the list calls filter by: spread over the seeded ones. */
async function pickFilters(client, seeded) {
  const schedules = range(SPREAD).map((k) => seeded.schedules[Math.floor((k * SCHEDULES) / SPREAD)].id);
  // Customers with enrollments, spread from the most enrolled to the least.
  const { rows } = await client.query(
    `select customer_id from enrollments where organization_id = $1
      group by customer_id order by count(*) desc, customer_id`,
    [seeded.organization.id],
  );
  const customers = range(SPREAD).map((k) => rows[Math.floor((k * rows.length) / SPREAD)].customer_id);
  return { schedules, customers };
}

async function buildCalls(seeded, caller, filters) {
  const establishments = seeded.establishments.map((e) => e.id);
  const specs = [
    { key: 'all', label: 'no filter, page 1', queries: range(SPREAD).map(() => ({})) },
    {
      key: 'deep',
      label: `no filter, page ${DEEP_PAGE}–${DEEP_PAGE + SPREAD - 1}`,
      queries: range(SPREAD).map((k) => ({ page: String(DEEP_PAGE + k) })),
    },
    {
      key: 'active',
      label: 'status=ACTIVE & establishmentId, page 1',
      queries: range(SPREAD).map((k) => ({ status: 'ACTIVE', establishmentId: establishments[k % 3] })),
    },
    {
      key: 'schedule',
      label: 'scheduleId, page 1',
      queries: filters.schedules.map((scheduleId) => ({ scheduleId })),
    },
    {
      key: 'customer',
      label: 'customerId, page 1',
      queries: filters.customers.map((customerId) => ({ customerId })),
    },
  ];
  const calls = [];
  for (const spec of specs) {
    const variants = [];
    for (const filter of spec.queries) {
      const query = { page: '1', limit: String(LIMIT), ...filter };
      // The raw SQL: the membership, the page and the count, without the plan mode set around them (a generic
      // plan needs a named statement; the raw SQL's are unnamed, planned per call).
      const recorded = await enrollmentListStatements({
        organizationId: seeded.organization.id,
        ...caller,
        orgRole: 'ORG_OWNER',
        query,
      });
      const statements = recorded.filter((statement) => !isPlanMode(statement));
      const path = `${enrollmentsPath(seeded.organization.id)}?${new URLSearchParams(query)}`;
      variants.push({ query, statements, path });
    }
    calls.push({ ...spec, variants });
  }
  return calls;
}

async function timeEndpoint(server, authorization, variant) {
  const { ms, bytes, body } = await timeListRequest(server, variant.path, authorization);
  return { ms, bytes, total: body.total, ids: body.items.map((item) => item.id).join() };
}

/** The membership, the page and the count, one after the other on one connection. */
async function timeRaw(client, variant) {
  const t0 = performance.now();
  const { results, times } = await runStatements(client, variant.statements);
  const ms = performance.now() - t0;
  // The total comes with the page (its last column, db/page-with-total.ts); asked alone only past the last page.
  const [, page, counted] = results;
  const total = counted ? counted.rows[0][0] : (page.rows[0]?.at(-1) ?? 0);
  return { ms, times, total: Number(total), ids: page.rows.map((row) => row[0]).join() };
}

async function measureList(calls, server, authorization, client, rounds) {
  const rows = await interleavedRounds(calls, rounds, (kind, variant) =>
    kind === 'endpoint' ? timeEndpoint(server, authorization, variant) : timeRaw(client, variant),
  );
  const results = new Map();
  for (const c of calls) {
    const answers = rows.get(c.key);
    const totals = answers.map(({ raw }) => raw.total);
    results.set(c.key, {
      endpoint: answers.map(({ endpoint }) => endpoint.ms),
      raw: answers.map(({ raw }) => raw.ms),
      bytes: answers.map(({ endpoint }) => endpoint.bytes),
      counted: `${count(Math.min(...totals))}–${count(Math.max(...totals))}`,
      split: ['membership', 'page'].map((name, i) => [name, answers.map(({ raw }) => raw.times[i])]),
      mismatches: answers.filter(
        ({ endpoint, raw }) => endpoint.ids !== raw.ids || endpoint.total !== raw.total,
      ).length,
    });
  }
  return results;
}

const printList = (calls, results) =>
  printRatioTable(calls, results, {
    countHead: 'total',
    target: TARGET_RATIO,
    note:
      `(ms; total = the list's total over the call's ${SPREAD} variants; raw SQL = load_membership, then the page ` +
      'carrying the total, unnamed (planned per call) — the endpoint runs its page under a generic plan)',
  });

// ---------------------------------------------------------------------------------------------------------

function printContest(contest, overbooking, organizationRead) {
  const rounds = contest.winners.length;
  const oneWinner = contest.winners.filter((n) => n === 1).length;
  const statuses = [...contest.statuses]
    .sort()
    .map(([key, n]) => `${key} ×${count(n)}`)
    .join(', ');
  const line = (label, values) => {
    const s = stats(values);
    return `  ${label.padEnd(64)} p50 ${f1(s.p50).padStart(6)} ms   p95 ${f1(s.p95).padStart(6)} ms   (${count(values.length)})`;
  };
  console.log(
    `\n== Overbooking under contention: ${CONTENDERS} concurrent POST /api/organizations/{orgId}/enrollments for the ` +
      `last seat of a fresh schedule (capacity ${SEATED + 1}, ${SEATED} seats taken first by single creates), ` +
      `${rounds} rounds (after ${CONTENTION_WARMUP} unrecorded)`,
  );
  console.log(`  answers: ${statuses}; rounds with exactly one 201: ${oneWinner}/${rounds}`);
  console.log(
    `  OVERBOOKED SEATS: ${overbooking.overbooked} (SQL afterwards: ACTIVE enrollments per schedule vs capacity, ` +
      `${overbooking.schedules} schedules, ${overbooking.full_schedules} exactly full); sessions over capacity ` +
      `(enrollments covering the date + seated attendance): ${overbooking.sessions_over} of ${count(overbooking.sessions)}` +
      `${overbooking.overbooked || overbooking.sessions_over ? '   !!! OVERBOOKED !!!' : ''}`,
  );
  console.log(line('create, 50 at once (every answer, 201 and 409)', contest.contended));
  console.log(line('  the 201s (the last seat)', contest.won));
  console.log(line('  the 409s (ENROLLMENT_FULL)', contest.refused));
  console.log(line('a round: the 50 answers, first request sent to last answer', contest.walls));
  console.log(line('create, uncontended (single creates, one after the other)', contest.single));
  console.log(line('GET /api/organizations/{orgId}, sent with each burst of 50', contest.aside));
  console.log(
    `  ${'  the same GET alone (for scale, after the list)'.padEnd(64)} p50 ${f1(organizationRead.p50).padStart(6)} ms` +
      `   p95 ${f1(organizationRead.p95).padStart(6)} ms`,
  );
}

async function main() {
  console.log(
    'Reformer enrollments: creates under contention, and GET /api/organizations/{orgId}/enrollments vs its raw SQL',
  );
  console.log(`Machine: ${machine()}; load average ${load()} (1/5/15 min)`);
  const now = Date.now();
  const today = todayIn(TIME_ZONE, new Date(now));

  await startOnFreshDatabase(state, { admin, database: DATABASE, authSecret: AUTH_SECRET, pgPort: PG_PORT });

  // 1. Seed
  const t0 = performance.now();
  const seeded = await seedThroughApi(state.server, today);
  state.client = await connectLikeServer(databaseUrl(PG_PORT), 'bench-enrollments');
  const client = state.client;
  const customerIds = await insertCustomers(client, seeded.organization.id, CUSTOMERS, CUSTOMERS);
  await insertEnrollments(client, seeded.organization.id, buildEnrollments(seeded, customerIds, today, now));
  const arenaCustomers = await insertCustomers(
    client,
    seeded.contention.organization.id,
    FILLERS + CONTENDERS,
    50,
  );
  const arena = {
    ...seeded.contention,
    authorization: seeded.owner.authorization,
    headers: { authorization: seeded.owner.authorization },
    window: contestWindow(today),
    fillers: arenaCustomers.slice(0, FILLERS),
    contenders: arenaCustomers.slice(FILLERS),
  };
  await client.query('vacuum (analyze)');
  const totals = (
    await client.query(
      `select (select count(*)::int from schedule_sessions where organization_id = $1) as sessions,
              (select count(*)::int from customers where organization_id = $1) as customers,
              (select count(*)::int from enrollments where organization_id = $1) as enrollments,
              (select json_object_agg(status, n) from (select status, count(*)::int as n from enrollments
                where organization_id = $1 group by status order by status) s) as by_status,
              (select count(distinct customer_id)::int from enrollments where organization_id = $1) as enrolled,
              (select sum(capacity)::int from schedules where organization_id = $1) as seats`,
      [seeded.organization.id],
    )
  ).rows[0];
  console.log(
    `Seeded in ${f1((performance.now() - t0) / 1000)} s (today ${today}):\n` +
      `  through the API: 1 owner; "Bench Studio Enrollments": ${ESTABLISHMENTS.length} establishments ` +
      `(${ESTABLISHMENTS.join(', ')}), 6 instructors (invite + accept), ${SCHEDULES} weekly schedules ` +
      `${seeded.span.from} … ${seeded.span.to} (${count(totals.seats)} seats; their POSTs, 2 at a time, generated ` +
      `${count(totals.sessions)} sessions in ${f1(seeded.schedulesMs / 1000)} s), ${PLANS.length} plans ` +
      `(${PLANS.map((p) => p.name).join(', ')}); "Bench Studio Contention": 1 establishment, 1 instructor, ` +
      'plan "Mensal livre";\n' +
      `  with SQL (INSERT … unnest): ${count(totals.customers)} customers and ${count(totals.enrollments)} ` +
      `enrollments of ${count(totals.enrolled)} of them, seat by seat (${Object.entries(totals.by_status)
        .map(([status, n]) => `${status} ${count(n)}`)
        .join(', ')}); ${FILLERS + CONTENDERS} customers of the contention studio; VACUUM (ANALYZE) done.`,
  );

  // Statements on the wire (server 1)
  const filters = await pickFilters(client, seeded);
  const calls1 = await buildCalls(seeded, subjectOf(seeded.owner.authorization), filters);
  const middle = Math.floor(SPREAD / 2);
  const counted = await countStatements(
    state.server,
    state.proxy,
    seeded.owner.authorization,
    calls1.map((c) => ({ label: c.label, ...c.variants[middle] })),
  );
  const createStatements = await countCreateStatements(state.server, state.proxy, arena);
  await stopChild(state.server.started);
  state.server = null;
  await state.proxy.close();
  state.proxy = null;

  // 2. Creates under contention (server 2, straight on PostgreSQL)
  state.server = await startServer(state.dataDir, databaseUrl(PG_PORT));
  const authorization = await signIn(state.server, OWNER_EMAIL);
  arena.authorization = authorization;
  arena.headers = { authorization };
  const settings = await client.query(
    `select name, current_setting(name) as value from pg_settings
      where name in ('server_version', 'shared_buffers', 'work_mem', 'random_page_cost', 'jit') order by name`,
  );
  console.log(
    `Server 2 (measurements): straight on PostgreSQL; node ${state.server.entry.args.join(' ')}; ` +
      `PostgreSQL ${settings.rows.map((row) => `${row.name}=${row.value}`).join(', ')}`,
  );
  console.log(
    `Contention: schedules ${arena.window.from} … ${arena.window.to}, Tue/Thu. Load average before: ${load()}.`,
  );
  const contest = await runContest(state.server, arena);
  const overbooking = await countOverbooking(client, arena.organization.id);

  // 3. The list
  const calls = await buildCalls(seeded, subjectOf(authorization), filters);
  console.log(
    `\nList: ${options.warmup} unrecorded rounds, then ${options.samples} rounds; each round runs the ` +
      `${calls.length} calls' endpoint and raw SQL (${calls.length * 2} timings, rotating order), sequential, one ` +
      `kept-alive connection (Node's http client), the owner's bearer token, limit=${LIMIT}; round i uses ` +
      `variant i mod ${SPREAD} (establishment, schedule, customer, page). Load average before: ${load()}.`,
  );
  await measureList(calls, state.server, authorization, client, options.warmup);
  const results = await measureList(calls, state.server, authorization, client, options.samples);
  const organizationRead = await timeGets(
    `${state.server.base}/api/organizations/${seeded.organization.id}`,
    { authorization },
    Math.min(options.samples, 500),
    options.warmup,
  );

  printContest(contest, overbooking, organizationRead);
  console.log(
    `  statements per create, counted on the wire (server 1, ${20} uncontended creates): ` +
      `${createStatements.perRequest} (${createStatements.breakdown})`,
  );

  console.log(
    `\n== The list at ${count(totals.enrollments)} enrollments: GET /api/organizations/{orgId}/enrollments\n`,
  );
  const verdicts = printList(calls, results);
  console.log(
    `\nFor scale: GET /api/organizations/{orgId} (bearer, membership, one row): p50 ${f1(organizationRead.p50)} ms, ` +
      `p95 ${f1(organizationRead.p95)} ms`,
  );
  const mismatched = calls.filter((c) => results.get(c.key).mismatches);
  for (const c of mismatched) {
    console.log(
      `!!! ${c.label}: the endpoint and the raw SQL disagreed in ${results.get(c.key).mismatches} rounds`,
    );
  }
  if (!mismatched.length)
    console.log('Every round: the endpoint returned the same ids, in order, and total as the raw SQL.');
  console.log(
    `Overall: ${verdicts.every((v) => v.pass) ? 'PASS' : 'FAIL'} (endpoint p95 ≤ ${TARGET_RATIO} × raw SQL p95, ` +
      `every call). Load average after: ${load()}.`,
  );
  console.log(
    `\nSQL statements per list call, counted on the wire (server 1 through the proxy, ${counted.requests} requests each after 3 unrecorded):`,
  );
  for (const line of counted.lines) {
    console.log(
      `  ${line.label.padEnd(42)} ${String(line.items).padStart(3)} items: ${line.perRequest} (${line.breakdown})`,
    );
  }
  console.log(
    `  => the raw SQL's texts ${counted.textsMatch ? 'are byte-identical to' : '!!! DIFFER FROM'} what the server ` +
      `sent, and the values ${counted.valuesMatch ? 'are the same' : '!!! DIFFER'}.`,
  );
  for (const difference of counted.differences) console.log(`     ${difference}`);

  // 4. EXPLAIN
  console.log(
    '\n== EXPLAIN (ANALYZE, BUFFERS) of the list statements (unnamed, with their values), middle variant:',
  );
  for (const [i, c] of calls.entries()) {
    const [, page, total] = c.variants[middle].statements;
    const full = !verdicts[i].pass;
    printPlan(`${c.label}: page`, await explain(client, page), full);
    if (total) printPlan(`${c.label}: count`, await explain(client, total), full);
  }

  await client.end();
  state.client = null;
  await stopServerAtEnd(state.server.started);
  state.server = null;
  console.log(options.keep ? `\nKept "${DATABASE}" (--keep).` : `\nDropping "${DATABASE}".`);
}

try {
  await main();
} catch (error) {
  console.error(`\nbench:enrollments failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
