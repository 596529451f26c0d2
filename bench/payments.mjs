// `npm run bench:payments [-- --samples N --warmup W --keep]`: the Payments API (issue #11, "Speed") on the
// real PostgreSQL at 127.0.0.1:5432 (docs: bench/README.md).
//
// 1. A fresh database `reformer_bench_payments` (dropped at the end, also on an error or Ctrl-C, unless --keep).
//    A first server reaches PostgreSQL through the statement-counting proxy (lib.mjs) and applies the
//    migrations; through the API (studio-seed.mjs): the owner, "Bench Studio Payments" (2 establishments, 2
//    instructors, weekly schedules over two years) and its plans (BRL and USD); with SQL: the customers, their
//    enrollments and 200,000 payments over two years, then VACUUM (ANALYZE). On that server the statements per
//    call are counted on the wire, and the list's are compared with the raw SQL below.
// 2. A second server straight on PostgreSQL. The list, GET /payments with filters (a month; a month and a
//    status; a year and a method; a customer; a plan and a quarter; no filter, page 1 and a deep page), next to
//    the raw SQL of the same statements (payments-sql.mjs: the membership check and the page, which carries the
//    totals — asked alone only past the last page —, one after the other on one connection, planned per call;
//    the server runs its page under a generic plan, decision 018), interleaved in the same rounds after a
//    warm-up; every round checks that both return the same ids, total and totals per currency. PASS/FAIL:
//    endpoint p95 ≤ 2 × raw SQL p95.
//    A call whose raw SQL is heavy (the totals over a year or everything) runs in every 5th round only.
// 3. GET /customers/{customerId}/billing for customers with 1–3 enrollments and many payments.
// 4. EXPLAIN (ANALYZE, BUFFERS) of each list call's page and totals, and of the billing's statements.
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { v7 as uuidv7 } from 'uuid';
import {
  connectLikeServer,
  count,
  countStatements,
  expectStatus,
  explain,
  f1,
  httpGet,
  interleavedRounds,
  isPlanMode,
  isTransactionFrame,
  load,
  machine,
  median,
  onInterrupt,
  parseArgs,
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
import {
  addDays,
  addMonths,
  billingCycle,
  billingCycleMonths,
  paymentListStatements,
  todayIn,
} from './payments-sql.mjs';
import { admin, signIn } from './seed-customers.mjs';
import { createPlans, createWeeklySchedules, insertCustomers, seedStudio } from './studio-seed.mjs';

const options = parseArgs(process.argv.slice(2), { samples: 1000, warmup: 300, keep: false });
const DATABASE = 'reformer_bench_payments';
const PG_PORT = 5432;
const databaseUrl = (port) => `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
// A bench-only value (the signing keys live in the database): never a real secret.
const AUTH_SECRET = 'reformer-bench-payments-not-a-secret-0123456789abcdef';
const PREFIX = 'bench-payments';
const OWNER_EMAIL = `${PREFIX}-owner@example.com`;
const TIME_ZONE = 'America/Sao_Paulo'; // the organization's default
const ESTABLISHMENTS = ['Centro', 'Praia'];
const SCHEDULES = 40;
const CUSTOMERS = 10_000;
const PAYMENTS = 200_000;
/** The plans: how often each is chosen, and the chance that an enrollment renews for one more cycle. */
const PLANS = [
  {
    name: 'Mensal 2x',
    billingCycle: 'MONTHLY',
    currency: 'BRL',
    priceCents: 42_000,
    share: 0.6,
    renews: 0.97,
  },
  {
    name: 'Trimestral 2x',
    billingCycle: 'QUARTERLY',
    currency: 'BRL',
    priceCents: 114_000,
    share: 0.15,
    renews: 0.9,
  },
  {
    name: 'Semestral 3x',
    billingCycle: 'SEMI_ANNUAL',
    currency: 'BRL',
    priceCents: 300_000,
    share: 0.05,
    renews: 0.7,
  },
  {
    name: 'Anual livre',
    billingCycle: 'ANNUALLY',
    currency: 'BRL',
    priceCents: 540_000,
    share: 0.03,
    renews: 0.6,
  },
  {
    name: 'Monthly (USD)',
    billingCycle: 'MONTHLY',
    currency: 'USD',
    priceCents: 9_500,
    share: 0.17,
    renews: 0.97,
  },
];
/** How a payment was made (PIX most of all, as in Brazilian studios). */
const METHODS = [
  ['PIX', 0.4],
  ['CREDIT_CARD', 0.25],
  ['DEBIT_CARD', 0.1],
  ['CASH', 0.08],
  ['BANK_TRANSFER', 0.12],
  ['OTHER', 0.05],
];
/** Values per list call (months, customers, plans, pages): round i uses i mod SPREAD. */
const SPREAD = 8;
const LIMIT = 10; // the list's default page size, as the web's Payments page sends it
const DEEP_PAGE = 1000;
/** Customers whose billing is timed: per number of enrollments (1–3), those with the most payments. */
const BILLING_PER_KIND = 3;
const TARGET_RATIO = 2;
/**
 * A call whose raw SQL takes HEAVY_MS or more (median of the first PROBE_ROUNDS rounds: the totals over a year
 * or all 200,000 payments) runs in every HEAVY_EVERY-th round only, coprime with SPREAD so its variants take
 * turns; otherwise a full run would take about 10 minutes on 2 CPUs.
 */
const HEAVY_MS = 15;
const HEAVY_EVERY = 5;
const PROBE_ROUNDS = 2 * SPREAD;

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

const range = (n) => Array.from({ length: n }, (_, i) => i);
const daysBetween = (from, to) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const earlier = (a, b) => (a < b ? a : b);
const firstOfMonth = (date) => `${date.slice(0, 8)}01`;
const monthRange = (first, months) => ({ from: first, to: addDays(addMonths(first, months), -1) });
const noon = (date) => Date.parse(`${date}T15:00:00Z`);

function weighted(random, entries) {
  let roll = random();
  for (const [value, share] of entries) {
    roll -= share;
    if (roll < 0) return value;
  }
  return entries[0][0];
}

// ---------------------------------------------------------------------------------------------------------
// The seed

const planBody = (plan) => ({
  name: plan.name,
  description: `${plan.name}: aulas em grupo`,
  priceCents: plan.priceCents,
  currency: plan.currency,
  billingCycle: plan.billingCycle,
  features: ['Aulas em grupo'],
  weeklySessionsLimit: null,
  isActive: true,
});

async function seedThroughApi(server, today) {
  const studio = await seedStudio(server, {
    prefix: PREFIX,
    organization: {
      name: 'Bench Studio Payments',
      description: 'Pilates (payments benchmark)',
      ownerLastName: 'Payments',
    },
    establishments: ESTABLISHMENTS,
    instructorsPerEstablishment: 1,
  });
  // Two years, the longest a schedule may run: 22 months of history, 2 ahead.
  const span = { from: addMonths(today, -22), to: addDays(addMonths(today, 2), -1) };
  const { schedules, ms } = await createWeeklySchedules(server, studio, {
    total: SCHEDULES,
    ...span,
    seed: SCHEDULES,
    concurrency: 2,
  });
  const plans = await createPlans(server, studio, PLANS, planBody);
  return { ...studio, span, schedules, schedulesMs: ms, plans };
}

/**
 * The payments of one billing cycle, as a front desk records them: mostly one COMPLETED payment a few days
 * after the cycle starts; now and then a FAILED or CANCELLED attempt first, two half payments, a REFUNDED one
 * (half the time paid again), a PENDING one (most of those in the last weeks) or nothing (overdue).
 */
function cyclePayments(random, plan, cycle, today) {
  const out = [];
  const at = (offset) => earlier(addDays(cycle.start, offset), today);
  const add = (status, paidOn, amountCents) =>
    out.push({ status, paidOn, amountCents, method: weighted(random, METHODS) });
  const recent = daysBetween(cycle.start, today) < 20;
  let day = Math.floor(random() * 8);
  if (random() < 0.06) add('FAILED', at(day++), plan.priceCents);
  if (random() < 0.02) add('CANCELLED', at(day++), plan.priceCents);
  const roll = random();
  if (recent && roll < 0.4) add('PENDING', at(day), plan.priceCents);
  else if (roll < 0.03) add('PENDING', at(day), plan.priceCents);
  else if (roll < 0.05)
    return out; // not paid: overdue
  else if (roll < 0.08) {
    add('REFUNDED', at(day), plan.priceCents);
    if (random() < 0.5) add('COMPLETED', at(day + 2), plan.priceCents);
  } else if (roll < 0.16) {
    const half = Math.floor(plan.priceCents / 2);
    add('COMPLETED', at(day), half);
    add('COMPLETED', at(day + 10), plan.priceCents - half);
  } else add('COMPLETED', at(day), plan.priceCents);
  return out;
}

/**
 * Every customer holds 1–3 enrollments (50/35/15 %) in different schedules, each from a start in the two
 * years (early starts likelier: the studio's long-standing customers) renewed cycle after cycle (the plan's
 * chance) while the cycle starts by today; one whose last cycle ended is COMPLETED, or CANCELED part-way
 * (15 %). Then each cycle's payments (cyclePayments); a random PAYMENTS of them are kept, in time order.
 */
function buildRows(seeded, customerIds, today) {
  const random = prng(PAYMENTS);
  const drawPlan = () =>
    weighted(
      random,
      seeded.plans.map((plan) => [plan, plan.share]),
    );
  const spanDays = daysBetween(seeded.span.from, addDays(today, -20));
  const enrollments = [];
  const payments = [];
  for (const customerId of customerIds) {
    const roll = random();
    const held = roll < 0.5 ? 1 : roll < 0.85 ? 2 : 3;
    const taken = new Set();
    for (let k = 0; k < held; k += 1) {
      let schedule = seeded.schedules[Math.floor(random() * seeded.schedules.length)];
      while (taken.has(schedule.id))
        schedule = seeded.schedules[Math.floor(random() * seeded.schedules.length)];
      taken.add(schedule.id);
      const plan = drawPlan();
      const months = billingCycleMonths(plan.billingCycle);
      const startDate = addDays(seeded.span.from, Math.floor(random() ** 3 * spanDays));
      const cycles = [billingCycle(startDate, months, 0)];
      while (random() < plan.renews && cycles.at(-1).end < today) {
        cycles.push(billingCycle(startDate, months, cycles.length));
      }
      const endDate = cycles.at(-1).end;
      const isCanceled = endDate < today && random() < 0.15;
      const status = endDate >= today ? 'ACTIVE' : isCanceled ? 'CANCELED' : 'COMPLETED';
      const canceledFrom = isCanceled
        ? addDays(cycles.at(-1).start, Math.floor(random() * daysBetween(cycles.at(-1).start, endDate)))
        : null;
      const id = uuidv7({ msecs: noon(startDate) - 3 * 86_400_000 });
      const created = new Date(noon(startDate) - 3 * 86_400_000);
      const updated = status === 'ACTIVE' ? created : new Date(noon(canceledFrom ?? addDays(endDate, 1)));
      enrollments.push([
        id,
        customerId,
        plan.id,
        schedule.id,
        startDate,
        endDate,
        status,
        canceledFrom,
        created,
        earlier(updated, new Date()),
      ]);
      for (const cycle of cycles) {
        if (cycle.start > today) break;
        for (const p of cyclePayments(random, plan, cycle, today)) {
          payments.push([
            customerId,
            id,
            plan.id,
            cycle.start,
            cycle.end,
            p.amountCents,
            plan.currency,
            p.paidOn,
            p.method,
            p.status,
            random() < 0.05 ? 'Pago na recepção' : null,
          ]);
        }
      }
    }
  }
  if (payments.length < PAYMENTS)
    throw new Error(`only ${payments.length} payments generated: raise CUSTOMERS`);
  // Keep a random PAYMENTS of them (a partial Fisher–Yates), then in time order, ids time-ordered too.
  for (let i = 0; i < PAYMENTS; i += 1) {
    const j = i + Math.floor(random() * (payments.length - i));
    [payments[i], payments[j]] = [payments[j], payments[i]];
  }
  const kept = payments.slice(0, PAYMENTS).sort((a, b) => (a[7] < b[7] ? -1 : a[7] > b[7] ? 1 : 0));
  const rows = kept.map((p) => {
    const at = noon(p[7]) + Math.floor(random() * 6 * 3_600_000);
    return [uuidv7({ msecs: at }), ...p, new Date(at), new Date(at)];
  });
  return { enrollments, payments: rows, generated: payments.length };
}

/** Rows of one table with `INSERT … SELECT * FROM unnest(…)`, `batch` rows a statement. */
async function insertRows(client, table, organizationId, columns, rows, batch = 20_000) {
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ');
  const text = `insert into ${table} (organization_id, ${names}) select $1, * from unnest(${arrays})`;
  for (let at = 0; at < rows.length; at += batch) {
    const slice = rows.slice(at, at + batch);
    await client.query(text, [organizationId, ...columns.map((_, c) => slice.map((row) => row[c]))]);
  }
}

const ENROLLMENT_COLUMNS = [
  ['id', 'uuid'],
  ['customer_id', 'uuid'],
  ['plan_id', 'uuid'],
  ['schedule_id', 'uuid'],
  ['start_date', 'date'],
  ['end_date', 'date'],
  ['status', 'enrollment_status'],
  ['canceled_from', 'date'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];
const PAYMENT_COLUMNS = [
  ['id', 'uuid'],
  ['customer_id', 'uuid'],
  ['enrollment_id', 'uuid'],
  ['plan_id', 'uuid'],
  ['cycle_start', 'date'],
  ['cycle_end', 'date'],
  ['amount_cents', 'bigint'],
  ['currency', 'currency'],
  ['paid_on', 'date'],
  ['method', 'payment_method'],
  ['status', 'payment_status'],
  ['notes', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

// ---------------------------------------------------------------------------------------------------------
// The list

const paymentsPath = (organizationId) => `/api/organizations/${organizationId}/payments`;
const billingPath = (organizationId, customerId) =>
  `/api/organizations/${organizationId}/customers/${customerId}/billing`;

/** Customers the calls use: for the list, spread from the most payments to the least; for the billing, per
 * number of enrollments (1–3) those with the most payments. */
async function pickCustomers(client, organizationId) {
  const { rows } = await client.query(
    `select p.customer_id, count(*)::int as payments,
            (select count(*)::int from enrollments e
              where e.organization_id = $1 and e.customer_id = p.customer_id) as enrollments
       from payments p where p.organization_id = $1
      group by p.customer_id order by count(*) desc, p.customer_id`,
    [organizationId],
  );
  const list = range(SPREAD).map((k) => rows[Math.floor((k * rows.length) / SPREAD)].customer_id);
  const billing = [1, 2, 3].flatMap((n) =>
    rows.filter((row) => row.enrollments === n).slice(0, BILLING_PER_KIND),
  );
  return { list, billing };
}

async function buildCalls(seeded, caller, customers, today) {
  const month = firstOfMonth(today);
  const months = range(SPREAD).map((k) => monthRange(addMonths(month, -1 - 2 * k), 1));
  const plans = seeded.plans.map((plan) => plan.id);
  const specs = [
    { key: 'month', label: 'a month', queries: months },
    {
      key: 'completed',
      label: 'a month, status=COMPLETED',
      queries: months.map((period) => ({ ...period, status: 'COMPLETED' })),
    },
    {
      key: 'pix',
      label: 'a year, method=PIX',
      queries: range(SPREAD).map((k) => ({ ...monthRange(addMonths(month, -11 - k), 12), method: 'PIX' })),
    },
    {
      key: 'customer',
      label: 'customerId',
      queries: customers.list.map((customerId) => ({ customerId })),
    },
    {
      key: 'plan',
      label: 'planId, a quarter',
      queries: range(SPREAD).map((k) => ({
        ...monthRange(addMonths(month, -3 * (k + 1)), 3),
        planId: plans[k % plans.length],
      })),
    },
    { key: 'all', label: 'no filter, page 1', queries: range(SPREAD).map(() => ({})) },
    {
      key: 'deep',
      label: `no filter, page ${DEEP_PAGE}–${DEEP_PAGE + SPREAD - 1}`,
      queries: range(SPREAD).map((k) => ({ page: String(DEEP_PAGE + k) })),
    },
  ];
  const calls = [];
  for (const spec of specs) {
    const variants = [];
    for (const filter of spec.queries) {
      const query = { page: '1', limit: String(LIMIT), ...filter };
      // The raw SQL: the membership and the page (with the totals alone past the last page), without the plan
      // mode set around them — the recorded statements are planned per call on the raw SQL's connection.
      const recorded = await paymentListStatements({
        organizationId: seeded.organization.id,
        ...caller,
        orgRole: 'ORG_OWNER',
        query,
      });
      const statements = recorded.filter((statement) => !isPlanMode(statement));
      const path = `${paymentsPath(seeded.organization.id)}?${new URLSearchParams(query)}`;
      variants.push({ query, statements, path });
    }
    calls.push({ ...spec, variants });
  }
  return calls;
}

const totalsKey = (rows) => rows.map((row) => row.join(':')).join(' ');

async function timeEndpoint(server, authorization, variant) {
  const { ms, bytes, body } = await timeListRequest(server, variant.path, authorization);
  return {
    ms,
    bytes,
    total: body.total,
    ids: body.items.map((item) => item.id).join(),
    totals: totalsKey(body.totals.map((t) => [t.currency, t.completedCents, t.pendingCents, t.count])),
  };
}

/** The membership, the page and the totals, one after the other on one connection. */
async function timeRaw(client, variant) {
  const t0 = performance.now();
  const { results, times } = await runStatements(client, variant.statements);
  const ms = performance.now() - t0;
  // The totals come with the page, as JSON in its last column (payments.repository.ts); asked alone only past
  // the last page.
  const [, page, alone] = results;
  const rows = alone
    ? alone.rows.map((row) => [row[0], Number(row[1]), Number(row[2]), Number(row[3])])
    : (page.rows[0]?.at(-1) ?? []).map((t) => [
        t.currency,
        Number(t.completedCents),
        Number(t.pendingCents),
        Number(t.count),
      ]);
  return {
    ms,
    times,
    total: rows.reduce((sum, row) => sum + row[3], 0),
    ids: page.rows.map((row) => row[0]).join(),
    totals: totalsKey(rows),
  };
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
      counted:
        Math.min(...totals) === Math.max(...totals)
          ? count(totals[0])
          : `${count(Math.min(...totals))}–${count(Math.max(...totals))}`,
      split: ['membership', 'page'].map((name, i) => [name, answers.map(({ raw }) => raw.times[i])]),
      mismatches: answers.filter(
        ({ endpoint, raw }) =>
          endpoint.ids !== raw.ids || endpoint.total !== raw.total || endpoint.totals !== raw.totals,
      ).length,
    });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------
// The customer's billing

/** Statements per billing call on the wire (server 1 through the proxy): 20 requests after 3 unrecorded. */
async function countBillingStatements(server, proxy, authorization, organizationId, customers) {
  const lines = [];
  let last = [];
  for (const customer of customers) {
    const path = billingPath(organizationId, customer.customer_id);
    for (let i = 0; i < 3; i += 1) await httpGet(`${server.base}${path}`, { authorization });
    await sleep(50);
    proxy.take();
    for (let i = 0; i < 20; i += 1) {
      const response = await httpGet(`${server.base}${path}`, { authorization });
      expectStatus(response, 200, path);
    }
    await sleep(50);
    const seen = proxy.take();
    last = seen.slice(-Math.round(seen.length / 20));
    lines.push({ customer, ...tallyStatements(seen, 20) });
  }
  return { lines, statements: last };
}

/** `samples` billing GETs after `warmup` unrecorded, round i for customer i mod n: time, size, cycles. */
async function timeBilling(server, authorization, organizationId, customers, samples, warmup) {
  const times = [];
  const bytes = [];
  const cycles = new Map();
  for (let round = -warmup; round < samples; round += 1) {
    const customer = customers[((round % customers.length) + customers.length) % customers.length];
    const path = billingPath(organizationId, customer.customer_id);
    const t0 = performance.now();
    const response = await httpGet(`${server.base}${path}`, { authorization });
    const ms = performance.now() - t0;
    expectStatus(response, 200, path);
    if (round < 0) continue;
    times.push(ms);
    bytes.push(Buffer.byteLength(response.text));
    if (!cycles.has(customer.customer_id)) {
      const body = JSON.parse(response.text);
      cycles.set(
        customer.customer_id,
        body.enrollments.reduce((sum, enrollment) => sum + enrollment.cycles.length, 0),
      );
    }
  }
  return { ...stats(times), bytes: stats(bytes), cycles };
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  console.log(
    'Reformer payments: GET /api/organizations/{orgId}/payments vs its raw SQL, and a customer’s billing',
  );
  console.log(`Machine: ${machine()}; load average ${load()} (1/5/15 min)`);
  const today = todayIn(TIME_ZONE, new Date());

  await startOnFreshDatabase(state, { admin, database: DATABASE, authSecret: AUTH_SECRET, pgPort: PG_PORT });

  // 1. Seed
  const t0 = performance.now();
  const seeded = await seedThroughApi(state.server, today);
  state.client = await connectLikeServer(databaseUrl(PG_PORT), 'bench-payments');
  const client = state.client;
  const organizationId = seeded.organization.id;
  const customerIds = await insertCustomers(client, organizationId, CUSTOMERS, CUSTOMERS);
  const built = buildRows(seeded, customerIds, today);
  const t1 = performance.now();
  await insertRows(client, 'enrollments', organizationId, ENROLLMENT_COLUMNS, built.enrollments);
  await insertRows(client, 'payments', organizationId, PAYMENT_COLUMNS, built.payments);
  const insertMs = performance.now() - t1;
  await client.query('vacuum (analyze)');
  const totals = (
    await client.query(
      `select (select count(*)::int from customers where organization_id = $1) as customers,
              (select count(*)::int from enrollments where organization_id = $1) as enrollments,
              (select count(*)::int from payments where organization_id = $1) as payments,
              (select min(paid_on)::text || ' … ' || max(paid_on)::text from payments where organization_id = $1) as span,
              (select json_object_agg(status, n) from (select status, count(*)::int as n from payments
                where organization_id = $1 group by status order by n desc) s) as by_status,
              (select json_object_agg(method, n) from (select method, count(*)::int as n from payments
                where organization_id = $1 group by method order by n desc) s) as by_method,
              (select json_object_agg(currency, n) from (select currency, count(*)::int as n from payments
                where organization_id = $1 group by currency order by n desc) s) as by_currency,
              (select json_object_agg(status, n) from (select status, count(*)::int as n from enrollments
                where organization_id = $1 group by status order by n desc) s) as enrollments_by_status,
              pg_size_pretty(pg_total_relation_size('payments')) as size`,
      [organizationId],
    )
  ).rows[0];
  const tally = (object) =>
    Object.entries(object)
      .map(([key, n]) => `${key} ${count(n)}`)
      .join(', ');
  console.log(
    `Seeded in ${f1((performance.now() - t0) / 1000)} s (today ${today}):\n` +
      `  through the API: 1 owner; "Bench Studio Payments": ${ESTABLISHMENTS.length} establishments, 2 instructors ` +
      `(invite + accept), ${SCHEDULES} weekly schedules ${seeded.span.from} … ${seeded.span.to} (their POSTs, 2 at ` +
      `a time, took ${f1(seeded.schedulesMs / 1000)} s), ${PLANS.length} plans (${PLANS.map((p) => `${p.name} ${p.currency}`).join(', ')});\n` +
      `  with SQL (INSERT … unnest, ${f1(insertMs / 1000)} s for enrollments and payments): ${count(totals.customers)} ` +
      `customers, ${count(totals.enrollments)} enrollments (${tally(totals.enrollments_by_status)}), ` +
      `${count(totals.payments)} payments (${count(built.generated)} generated cycle by cycle, a random ` +
      `${count(PAYMENTS)} kept) paid ${totals.span}: ${tally(totals.by_status)}; ${tally(totals.by_method)}; ` +
      `${tally(totals.by_currency)}; table with indexes ${totals.size}; VACUUM (ANALYZE) done.`,
  );

  // Statements on the wire (server 1)
  const customers = await pickCustomers(client, organizationId);
  const calls1 = await buildCalls(seeded, subjectOf(seeded.owner.authorization), customers, today);
  const middle = Math.floor(SPREAD / 2);
  const counted = await countStatements(
    state.server,
    state.proxy,
    seeded.owner.authorization,
    calls1.map((c) => ({ label: c.label, ...c.variants[middle] })),
  );
  const billingCounted = await countBillingStatements(
    state.server,
    state.proxy,
    seeded.owner.authorization,
    organizationId,
    customers.billing,
  );
  await stopChild(state.server.started);
  state.server = null;
  await state.proxy.close();
  state.proxy = null;

  // 2. The list (server 2, straight on PostgreSQL)
  state.server = await startApiServer({
    dataDir: state.dataDir,
    databaseUrl: databaseUrl(PG_PORT),
    authSecret: AUTH_SECRET,
  });
  const authorization = await signIn(state.server, OWNER_EMAIL);
  const settings = await client.query(
    `select name, current_setting(name) as value from pg_settings
      where name in ('server_version', 'shared_buffers', 'work_mem', 'random_page_cost', 'jit',
                     'max_parallel_workers_per_gather') order by name`,
  );
  console.log(
    `Server 2 (measurements): straight on PostgreSQL; node ${state.server.entry.args.join(' ')}; ` +
      `PostgreSQL ${settings.rows.map((row) => `${row.name}=${row.value}`).join(', ')}`,
  );
  const calls = await buildCalls(seeded, subjectOf(authorization), customers, today);
  console.log(
    `\nList: ${options.warmup} unrecorded rounds, then ${options.samples} rounds; each round runs the ` +
      `${calls.length} calls' endpoint and raw SQL (${calls.length * 2} timings, rotating order), sequential, one ` +
      `kept-alive connection (Node's http client), the owner's bearer token, limit=${LIMIT}; round i uses ` +
      `variant i mod ${SPREAD} (month, year, customer, plan and quarter, page). Load average before: ${load()}.`,
  );
  const tList = performance.now();
  const probe = await measureList(calls, state.server, authorization, client, PROBE_ROUNDS);
  for (const c of calls) if (median(probe.get(c.key).raw) >= HEAVY_MS) c.every = HEAVY_EVERY;
  await measureList(calls, state.server, authorization, client, options.warmup);
  const results = await measureList(calls, state.server, authorization, client, options.samples);
  const listMs = performance.now() - tList;
  const billing = await timeBilling(
    state.server,
    authorization,
    organizationId,
    customers.billing,
    options.samples,
    options.warmup,
  );
  const organizationRead = await timeGets(
    `${state.server.base}/api/organizations/${organizationId}`,
    { authorization },
    Math.min(options.samples, 500),
    options.warmup,
  );

  console.log(
    `\n== The list at ${count(totals.payments)} payments: GET /api/organizations/{orgId}/payments\n`,
  );
  const verdicts = printRatioTable(calls, results, {
    countHead: 'total',
    target: TARGET_RATIO,
    note:
      `(ms; total = the list's total over the call's ${SPREAD} variants; raw SQL = load_membership, then the page ` +
      'carrying the totals per currency, planned per call — the endpoint runs the page under its shape’s generic ' +
      `plan; ${f1(listMs / 1000)} s for warm-up and samples)`,
  });
  const heavy = calls.filter((c) => c.every);
  console.log(
    heavy.length
      ? `Heavy (raw SQL median ≥ ${HEAVY_MS} ms over the first ${PROBE_ROUNDS} rounds), so measured in every ` +
          `${HEAVY_EVERY}th round only: ${heavy.map((c) => `${c.label} (${count(results.get(c.key).raw.length)} samples)`).join(', ')}; ` +
          `the others ${count(options.samples)} samples each.`
      : `Every call ${count(options.samples)} samples.`,
  );
  const mismatched = calls.filter((c) => results.get(c.key).mismatches);
  for (const c of mismatched) {
    console.log(
      `!!! ${c.label}: the endpoint and the raw SQL disagreed in ${results.get(c.key).mismatches} rounds`,
    );
  }
  if (!mismatched.length) {
    console.log(
      'Every round: the endpoint returned the same ids, in order, the same total and the same totals per ' +
        'currency (received, pending, count) as the raw SQL.',
    );
  }
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

  console.log(
    `\n== A customer's billing: GET /api/organizations/{orgId}/customers/{customerId}/billing, ` +
      `${customers.billing.length} customers (the ${BILLING_PER_KIND} with the most payments among those with 1, 2 ` +
      `and 3 enrollments), ${options.warmup} unrecorded then ${options.samples} sequential requests, round i for ` +
      'customer i mod n',
  );
  console.log(
    `  p50 ${f1(billing.p50)} ms, p95 ${f1(billing.p95)} ms; JSON p50 ${f1(billing.bytes.p50 / 1024)} KB, ` +
      `p95 ${f1(billing.bytes.p95 / 1024)} KB`,
  );
  console.log(
    `  for scale: GET /api/organizations/{orgId} (bearer, membership, one row): p50 ${f1(organizationRead.p50)} ms, ` +
      `p95 ${f1(organizationRead.p95)} ms`,
  );
  console.log('  statements per call, counted on the wire (server 1, 20 requests each after 3 unrecorded):');
  for (const line of billingCounted.lines) {
    const { customer } = line;
    console.log(
      `    ${customer.enrollments} enrollment(s), ${String(customer.payments).padStart(3)} payments, ` +
        `${String(billing.cycles.get(customer.customer_id)).padStart(3)} cycles: ${line.perRequest} (${line.breakdown})`,
    );
  }

  // 4. EXPLAIN
  console.log(
    '\n== EXPLAIN (ANALYZE, BUFFERS) of the list statements (unnamed, with their values), middle variant:',
  );
  for (const [i, c] of calls.entries()) {
    const [, page, total] = c.variants[middle].statements;
    const full = !verdicts[i].pass;
    printPlan(`${c.label}: page`, await explain(client, page), full);
    if (total) printPlan(`${c.label}: totals`, await explain(client, total), full);
  }
  console.log(
    "\n== EXPLAIN (ANALYZE, BUFFERS) of the billing's statements as sent on the wire (last customer counted):",
  );
  for (const statement of billingCounted.statements) {
    if (statement.name === 'load_membership' || isTransactionFrame(statement)) continue;
    const words = statement.text.replace(/\s+/g, ' ');
    printPlan(
      `${statement.name || 'unnamed'}: ${words.slice(0, 90)}…`,
      await explain(client, { text: statement.text, values: statement.values }),
      false,
    );
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
  console.error(`\nbench:payments failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
