// `node bench/renewals.mjs [--enrollments N] [--keep]` (`npm run bench:renewals`; issue #26): the daily job's
// renewal of N enrollments due at once (default 20,000), on the PostgreSQL at 127.0.0.1:5432 (trust auth,
// user postgres), in a fresh database dropped at the end. A pass/fail suite (exit 1 on any violation) that
// prints its figures:
//   1. One job runner renews the N due enrollments: its time, and every one renewed.
//   2. The same N due again, two job runners (two processes, each with its own pool, as two app instances)
//      started at the same moment: their time side by side, and exactly one renewal per enrollment between
//      them — a trigger of this bench's own logs every end date that moves, so a second renewal of the same
//      enrollment would show as a second row, even one that landed on the same date.
// The studio is seeded as the other benches seed it: the owner, organization, establishment, instructor,
// schedule and monthly plan through the API (the server applies the migrations; it is stopped before
// timing, so its own hourly job cannot take part), customers and enrollments with SQL.
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import {
  count,
  f1,
  load,
  machine,
  onInterrupt,
  parseArgs,
  post,
  startOnFreshDatabase,
  stopChild,
} from './lib.mjs';
import { admin } from './seed-customers.mjs';
import { insertCustomers, seedStudio } from './studio-seed.mjs';

// The server's TypeScript (the job, the domain's dates) through tsx, as `npm start` runs it.
register();
const { addDays } = await import('@reformer/domain/calendar-dates');
const { todayIn } = await import('@reformer/domain/time-zones');

const options = parseArgs(process.argv.slice(2), { enrollments: 20_000, keep: false, runner: false });
const DATABASE = 'reformer_bench_renewals';
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
const AUTH_SECRET = 'reformer-renewals-bench-not-a-secret-0123456789abcdef';
const TIME_ZONE = 'America/Sao_Paulo';

/**
 * A job runner: the server's own code (through tsx, as `npm start` runs it) on its own pool. Says it is ready,
 * runs the job when told, reports what it did and how long it took.
 */
async function runAsJobRunner() {
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { settleEnrollmentStatuses } = await import(
    '../apps/server/src/modules/enrollments/enrollments-job.ts'
  );
  const database = openDatabase(DATABASE_URL);
  await database.execute('select 1'); // the pool's first connection, outside the timing
  process.send({ ready: true });
  process.once('message', async () => {
    const t0 = performance.now();
    try {
      const result = await settleEnrollmentStatuses(database.db, new Date());
      process.send({ ...result, ms: performance.now() - t0 });
    } catch (error) {
      process.send({ error: error instanceof Error ? error.stack : String(error) });
    }
    await database.close();
    process.disconnect();
  });
}

const state = { dataDir: null, server: null, proxy: null, client: null, runners: [] };
/** The bench's own processes and database; a job runner has none (and must not drop the database). */
const cleanUp = async () => {
  for (const runner of state.runners) runner.kill('SIGKILL');
  await state.client?.end().catch(() => {});
  if (state.server) await stopChild(state.server.started, 5000);
  await state.proxy?.close();
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  if (options.keep) return;
  await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`).catch((error) =>
    console.error(`could not drop "${DATABASE}": ${error.message}`),
  );
};

const failures = [];
function check(ok, what) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** The studio through the API; returns the organization, the schedule (a year ahead) and the monthly plan. */
async function seedThroughApi(server, today) {
  const studio = await seedStudio(server, {
    prefix: 'bench-renewals',
    organization: {
      name: 'Bench Studio Renewals',
      description: 'Pilates (renewals)',
      ownerLastName: 'Renewals',
    },
    establishments: ['Centro'],
    instructorsPerEstablishment: 1,
  });
  const orgPath = `/organizations/${studio.organization.id}`;
  const schedule = await post(server, studio.owner.authorization, `${orgPath}/schedules`, {
    name: 'Reformer Manhã',
    type: 'GROUP',
    establishmentId: studio.establishments[0].id,
    staffUserId: studio.instructors[0][0],
    capacity: 12,
    startTime: '07:00',
    endTime: '08:00',
    startDate: addDays(today, -60),
    endDate: addDays(today, 365),
    recurrenceType: 'WEEKLY',
    daysOfWeek: [1, 3, 5],
  });
  const plan = await post(server, studio.owner.authorization, `${orgPath}/customer-plans`, {
    name: 'Mensal',
    description: 'Aulas em grupo',
    priceCents: 34_900,
    currency: 'BRL',
    billingCycle: 'MONTHLY',
    features: ['Aulas em grupo'],
    weeklySessionsLimit: null,
  });
  return { organizationId: studio.organization.id, scheduleId: schedule.id, planId: plan.id };
}

/**
 * N enrollments whose period ends today or ended up to 9 days ago (a job that did not run for a while), started
 * 1 to 24 months before (240 different starts), with SQL; and the bench's log of every end date that moves.
 */
async function seedDue(client, seeded, customerIds, today) {
  await client.query(
    `insert into enrollments (organization_id, id, customer_id, plan_id, schedule_id, start_date, end_date)
     select $1, gen_random_uuid(), customer_id, $2, $3,
       ($4::date - (ordinality % 10)::int + 1) - (1 + ordinality % 24) * interval '1 month',
       $4::date - (ordinality % 10)::int
     from unnest($5::uuid[]) with ordinality as c(customer_id, ordinality)`,
    [seeded.organizationId, seeded.planId, seeded.scheduleId, today, customerIds],
  );
  await client.query(`create table bench_renewal_log (id uuid not null, from_end date not null, to_end date not null);
    create function bench_log_renewal() returns trigger language plpgsql as $$ begin
      insert into bench_renewal_log values (new.id, old.end_date, new.end_date); return new; end $$;
    create trigger bench_log_renewal after update of end_date on enrollments
      for each row when (new.end_date > old.end_date) execute function bench_log_renewal();`);
}

/** The messages of a child in order; the next one, or an error once it has exited without one. */
function messagesOf(child) {
  const received = [];
  const waiting = [];
  let exitCode;
  child.on('message', (message) => {
    const next = waiting.shift();
    if (next) next.resolve(message);
    else received.push(message);
  });
  child.on('exit', (code) => {
    exitCode = code;
    for (const next of waiting.splice(0)) next.reject(new Error(`a job runner exited (${code}) early`));
  });
  return () =>
    new Promise((resolve, reject) => {
      if (received.length) resolve(received.shift());
      else if (exitCode !== undefined) reject(new Error(`a job runner exited (${exitCode}) early`));
      else waiting.push({ resolve, reject });
    });
}

/** Starts `total` job runners, waits until each is ready, tells them to go at once; their reports. */
async function runJob(total) {
  const script = fileURLToPath(import.meta.url);
  const runners = Array.from({ length: total }, () =>
    fork(script, ['--runner'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  state.runners.push(...runners);
  const exited = runners.map((runner) => new Promise((resolve) => runner.once('exit', resolve)));
  const nextOf = runners.map(messagesOf);
  await Promise.all(nextOf.map((next) => next()));
  const t0 = performance.now();
  const reports = nextOf.map((next) => next());
  for (const runner of runners) runner.send('go');
  const results = await Promise.all(reports);
  const wallMs = performance.now() - t0;
  await Promise.all(exited);
  state.runners = [];
  const failed = results.find((result) => result.error);
  if (failed) throw new Error(`a job runner failed: ${failed.error}`);
  return { results, wallMs };
}

/** How the renewals landed: enrollments with exactly one logged renewal, with more, and ends still due. */
async function renewalCounts(client, today) {
  const { rows } = await client.query(
    `select
       (select count(*)::int from (select id from bench_renewal_log group by id having count(*) = 1) once) as once,
       (select count(*)::int from (select id from bench_renewal_log group by id having count(*) > 1) more) as more,
       (select count(*)::int from enrollments where end_date <= $1::date or status <> 'ACTIVE') as not_renewed`,
    [today],
  );
  return rows[0];
}

/** Back to due: every logged renewal undone (the trigger logs only ends that move later), the log emptied. */
async function makeDueAgain(client) {
  await client.query(`update enrollments e set end_date = l.from_end
    from bench_renewal_log l where e.id = l.id`);
  await client.query('truncate bench_renewal_log');
}

async function runBench() {
  const total = options.enrollments;
  console.log(
    `Reformer renewals: the daily job over ${count(total)} due enrollments, one runner and two at once`,
  );
  console.log(`Machine: ${machine()}; load average ${load()} (1/5/15 min)`);
  const today = todayIn(TIME_ZONE, new Date());
  await startOnFreshDatabase(state, { admin, database: DATABASE, authSecret: AUTH_SECRET });
  const t0 = performance.now();
  const seeded = await seedThroughApi(state.server, today);
  await stopChild(state.server.started, 5000);
  state.server = null;
  state.client = new pg.Client({ connectionString: DATABASE_URL });
  await state.client.connect();
  const customerIds = await insertCustomers(state.client, seeded.organizationId, total, 26);
  await seedDue(state.client, seeded, customerIds, today);
  await state.client.query('analyze');
  console.log(`Seeded in ${f1((performance.now() - t0) / 1000)} s; the server stopped before timing.`);

  console.log('\n1. One job runner');
  const single = await runJob(1);
  const [only] = single.results;
  console.log(
    `  renewed ${count(only.renewed)} in ${f1(only.ms)} ms (${f1((only.ms / total) * 1000)} µs each)`,
  );
  const afterOne = await renewalCounts(state.client, today);
  check(only.renewed === total, `the runner reports ${count(only.renewed)}/${count(total)} renewed`);
  check(afterOne.once === total && afterOne.more === 0, `each renewed once (${count(afterOne.once)})`);
  check(afterOne.not_renewed === 0, `none left due or completed (${afterOne.not_renewed})`);

  console.log('\n2. Two job runners at once (two processes, as two instances)');
  await makeDueAgain(state.client);
  const pair = await runJob(2);
  const [a, b] = pair.results;
  console.log(
    `  A renewed ${count(a.renewed)} in ${f1(a.ms)} ms, B renewed ${count(b.renewed)} in ${f1(b.ms)} ms; ` +
      `both done ${f1(pair.wallMs)} ms after the start`,
  );
  const afterTwo = await renewalCounts(state.client, today);
  check(a.renewed + b.renewed === total, `A + B = ${count(a.renewed + b.renewed)}/${count(total)} renewals`);
  check(
    afterTwo.once === total && afterTwo.more === 0,
    `exactly one renewal per enrollment (${count(afterTwo.once)} once, ${afterTwo.more} more than once)`,
  );
  check(afterTwo.not_renewed === 0, `none left due or completed (${afterTwo.not_renewed})`);

  console.log(`\n${failures.length ? `FAIL: ${failures.length} check(s) failed` : 'PASS: every check held'}`);
  if (failures.length) process.exitCode = 1;
}

if (options.runner) {
  await runAsJobRunner();
} else {
  const cleanup = onInterrupt(cleanUp);
  try {
    await runBench();
  } catch (error) {
    console.error(`\nrenewals failed: ${error instanceof Error ? error.stack : error}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}
