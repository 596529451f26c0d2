// `node bench/two-instances.mjs [--rounds R --jobs J --membership-rounds M --cron]` (in `npm run test:ops`): two servers on one PostgreSQL behind the same
// AUTH_SECRET, as behind a load balancer — a pass/fail suite (exit 1 on any violation). Needs the PostgreSQL
// at 127.0.0.1:5432 (trust auth, user postgres); a fresh database, dropped at the end. Each server reaches it
// through its own statement-recording proxy (lib.mjs), so what each instance ran is known.
//   1. Sessions and tokens: a token issued by one instance is accepted by the other, a session cookie of one
//      gets a token from the other; a sign-out on one is refused on the other at once.
//   2. Jobs run once: both instances registered the same schedules (one row each); J `enrollments.settle-
//      statuses` jobs are queued and both instances' workers poll: every job completes exactly once, no retry,
//      and the runs recorded on the two proxies add up to J; the job's effect is there: expired enrollments set
//      to end are COMPLETED, those that renew by themselves (issue #26) are ACTIVE with a period holding today. With --cron the job's schedule is set to every minute for ~2.5 minutes: each minute yields
//      one job, run once, whichever instance's clock fired it.
//   3. Capacity across both: per round a fresh schedule with its last seat free; 50 creates for it at once,
//      alternately sent to either instance → exactly one 201, the rest 409 ENROLLMENT_FULL, 0 overbooked.
//   4. Memberships across both (the per-process membership cache, decision 018): M rounds, alternately a role
//      revoked and a member removed on A, each after a grant on A that B allows and then answers from its cache
//      (no membership statement on its proxy) → B refuses (403 / 404) within 1 s, polled every 5 ms.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  call,
  cookieOf,
  expectStatus,
  freePort,
  httpRequest,
  machine,
  onInterrupt,
  parseArgs,
  post,
  root,
  signUp,
  sleep,
  startApiServer,
  startStatementProxy,
  stopChild,
} from './lib.mjs';
import { insertCustomers, seedStudio } from './studio-seed.mjs';

const options = parseArgs(process.argv.slice(2), {
  rounds: 20,
  jobs: 20,
  'membership-rounds': 100,
  cron: false,
});
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
// Suite-only values, the same on both instances as behind a load balancer: never a real secret. The public
// address is the tokens' issuer and audience and the trusted origin, so it must be the same on every instance;
// nothing listens there (the suite calls each instance directly, as the load balancer would).
let PUBLIC_URL = '';
const AUTH_SECRET = 'reformer-two-instances-suite-not-a-secret-0123456789';
const JOB = 'enrollments.settle-statuses';
const CONTENDERS = 50;
const SEATED = 2;
const EXPIRED = 30;
const REFUSAL_LIMIT_MS = 1000;
const POLL_MS = 5;
const PgBoss = createRequire(join(root, 'apps/server/package.json'))('pg-boss');

const state = { database: null, dataDirs: [], proxies: [], servers: [], client: null };
const cleanup = onInterrupt(async () => {
  for (const server of state.servers) await stopChild(server.started, 5000);
  for (const proxy of state.proxies) await proxy.close();
  await state.client?.end();
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

const failures = [];
function check(ok, what) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

/** Instance `name` on the shared database, through its own proxy. */
async function startInstance(name) {
  const proxy = await startStatementProxy(5432, { allConnections: true });
  state.proxies.push(proxy);
  const dataDir = await mkdtemp(join(tmpdir(), `reformer-instance-${name}-`));
  state.dataDirs.push(dataDir);
  const databaseUrl = `postgres://postgres@127.0.0.1:${proxy.port}/${state.database}`;
  const server = await startApiServer({
    dataDir,
    databaseUrl,
    authSecret: AUTH_SECRET,
    env: { PUBLIC_URL },
  });
  state.servers.push(server);
  // `port` is what lib.mjs's sign-ups put in their Origin header: the public address's.
  return { ...server, name, proxy, port: new URL(PUBLIC_URL).port };
}

async function bearer(server, cookie) {
  const response = await call(server.base, '/api/auth/token', { headers: { cookie } });
  return response.status === 200 ? `Bearer ${response.json().token}` : null;
}

const statusOf = async (server, path, authorization) =>
  (await call(server.base, `/api${path}`, { headers: { authorization } })).status;

async function checkTokens(a, b, organizationId) {
  console.log('\n1. Sessions and tokens across instances');
  const email = `instances-${randomUUID()}@example.com`;
  const signUp = await call(a.base, '/api/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: PUBLIC_URL },
    body: { email, password: 'correct horse battery staple', firstName: 'Dupla', lastName: 'Instância' },
  });
  expectStatus(signUp, 200, 'sign-up on A');
  const cookie = cookieOf(signUp);
  const fromA = await bearer(a, cookie);
  const fromB = await bearer(b, cookie);
  check(
    fromA && (await statusOf(b, '/organizations/me', fromA)) === 200,
    'a token issued by A is accepted by B',
  );
  check(fromB !== null, "A's session cookie gets a token from B");
  check(
    fromB && (await statusOf(a, '/organizations/me', fromB)) === 200,
    'a token issued by B is accepted by A',
  );
  const created = await post(b, fromA, '/organizations', { name: 'Estúdio Dois', description: 'Pilates' });
  const path = `/organizations/${created.id}/customers`;
  check((await statusOf(a, path, fromB)) === 200, 'an organization created on B is served on A');
  const signOut = await call(b.base, '/api/auth/sign-out', {
    method: 'POST',
    headers: { cookie, origin: PUBLIC_URL },
    body: {},
  });
  expectStatus(signOut, 200, 'sign-out on B');
  check(
    (await statusOf(a, path, fromA)) === 401,
    'after a sign-out on B, A refuses that session’s token (401)',
  );
  check((await bearer(a, cookie)) === null, 'after a sign-out on B, A gives that cookie no new token');
  check((await statusOf(a, `/organizations/${organizationId}`, fromA)) !== 200, 'nor any other organization');
}

/** Runs of the job an instance made: its last statement (the resume UPDATE, built by Drizzle) once a run. */
const settleRuns = (proxy) =>
  proxy.statements.filter((s) => /^update "enrollments" set "status" = \$1/.test(s.text ?? '')).length;

async function jobCounts(client) {
  const { rows } = await client.query(
    `select state, count(*)::int as n, coalesce(max(retry_count), 0)::int as retries
       from pgboss.job where name = $1 group by state`,
    [JOB],
  );
  return Object.fromEntries(rows.map((row) => [row.state, row]));
}

/**
 * Expired ACTIVE enrollments (with SQL, as if the hourly job had been missed) for the job to settle: those
 * set to end (`ENDS`) are completed, the others (a monthly plan: they renew) are renewed.
 */
async function insertExpired(client, arena, scheduleId, customers, renewal) {
  await client.query(
    `insert into enrollments (organization_id, id, customer_id, plan_id, schedule_id, start_date, end_date, status, renewal)
     select $1, gen_random_uuid(), c, $2, $3, current_date - 60, current_date - 30, 'ACTIVE', $5
       from unnest($4::uuid[]) as c`,
    [arena.organization.id, arena.plan.id, scheduleId, customers, renewal],
  );
}

async function checkJobs(a, b, client, arena, scheduleId) {
  console.log('\n2. Jobs run once across both instances');
  const { rows: schedules } = await client.query(
    'select name, cron, count(*) over (partition by name)::int as copies from pgboss.schedule order by name',
  );
  check(
    schedules.length >= 3 && schedules.every((row) => row.copies === 1),
    `one schedule row per job, both instances started: ${schedules.map((row) => `${row.name} "${row.cron}"`).join(', ')}`,
  );
  await insertExpired(client, arena, scheduleId, arena.customers.slice(0, EXPIRED / 2), 'ENDS');
  await insertExpired(client, arena, scheduleId, arena.customers.slice(EXPIRED / 2, EXPIRED), 'PLAN');
  const runsBefore = settleRuns(a.proxy) + settleRuns(b.proxy);
  const queuedBefore = Object.values(await jobCounts(client)).reduce((sum, row) => sum + row.n, 0);
  const boss = new PgBoss({
    connectionString: `postgres://postgres@127.0.0.1:5432/${state.database}`,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    migrate: false,
    max: 2,
  });
  await boss.start();
  const t0 = Date.now();
  for (let i = 0; i < options.jobs; i += 1) await boss.send(JOB, { suite: 'two-instances', i });
  await boss.stop({ graceful: false, wait: true });
  let counts = {};
  while (Date.now() - t0 < 90_000) {
    counts = await jobCounts(client);
    if ((counts.completed?.n ?? 0) + (counts.failed?.n ?? 0) >= queuedBefore + options.jobs) break;
    await sleep(250);
  }
  await sleep(300); // the last run's statements reach the proxies
  const completed = counts.completed?.n ?? 0;
  const runs = { A: settleRuns(a.proxy), B: settleRuns(b.proxy) };
  const ran = runs.A + runs.B - runsBefore;
  console.log(
    `  ${options.jobs} jobs queued; finished in ${((Date.now() - t0) / 1000).toFixed(1)} s; runs by instance: ` +
      `A ${runs.A}, B ${runs.B}; job states: ${Object.values(counts)
        .map((row) => `${row.state} ${row.n}`)
        .join(', ')}`,
  );
  check(completed === queuedBefore + options.jobs, `every queued job completed (${completed})`);
  check(
    !counts.failed && Object.values(counts).every((row) => row.retries === 0),
    'no job failed or retried',
  );
  check(ran === options.jobs, `runs recorded on the two instances add up to the jobs queued (${ran})`);
  check(runs.A > 0 && runs.B > 0, 'both instances took jobs from the shared queue');
  const { rows } = await client.query(
    `select count(*) filter (where status = 'COMPLETED' and renewal = 'ENDS')::int as settled,
       count(*) filter (where status = 'ACTIVE' and renewal = 'PLAN' and end_date >= current_date)::int as renewed
     from enrollments where schedule_id = $1`,
    [scheduleId],
  );
  check(
    rows[0].settled === EXPIRED / 2 && rows[0].renewed === EXPIRED / 2,
    `the job's effect: ${rows[0].settled}/${EXPIRED / 2} expired enrollments set to end COMPLETED, ` +
      `${rows[0].renewed}/${EXPIRED / 2} renewing ones renewed`,
  );
  if (options.cron) await checkCron(a, b, client);
}

/** The schedule set to every minute: one job per minute across both instances, each run once. */
async function checkCron(a, b, client) {
  const minutes = 2;
  const runsBefore = settleRuns(a.proxy) + settleRuns(b.proxy);
  const { rows: since } = await client.query(
    `update pgboss.schedule set cron = '* * * * *' where name = $1 returning now() as at`,
    [JOB],
  );
  // Each instance's cron monitor ticks every 30 s; let `minutes` whole minutes pass after the first tick.
  const wait = (60 - new Date().getSeconds()) * 1000 + minutes * 60_000 + 35_000;
  console.log(`  cron: "${JOB}" set to every minute; watching ${(wait / 1000).toFixed(0)} s…`);
  await sleep(wait);
  await client.query(`update pgboss.schedule set cron = '5 * * * *' where name = $1`, [JOB]);
  await sleep(3000);
  const { rows } = await client.query(
    `select to_char(date_trunc('minute', created_on), 'HH24:MI') as minute, count(*)::int as jobs,
            count(*) filter (where state = 'completed')::int as completed
       from pgboss.job where name = $1 and created_on >= $2 and data->>'suite' is null
      group by 1 order by 1`,
    [JOB, since[0].at],
  );
  const fired = rows.reduce((sum, row) => sum + row.jobs, 0);
  const ran = settleRuns(a.proxy) + settleRuns(b.proxy) - runsBefore;
  console.log(`  jobs by minute: ${rows.map((row) => `${row.minute} ×${row.jobs}`).join(', ') || 'none'}`);
  check(
    rows.length >= minutes && rows.every((row) => row.jobs === 1),
    'one job per minute from the schedule',
  );
  check(ran === fired && rows.every((row) => row.completed === 1), `each fired job ran once (${ran} runs)`);
}

function contestWindow() {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 14 - ((day.getUTCDay() + 6) % 7)); // a Monday, 1–2 weeks ahead
  const from = day.toISOString().slice(0, 10);
  day.setUTCDate(day.getUTCDate() + 34);
  return { from, to: day.toISOString().slice(0, 10) };
}

async function createSchedule(server, arena, name, capacity) {
  return post(server, arena.owner.authorization, `/organizations/${arena.organization.id}/schedules`, {
    name,
    type: 'GROUP',
    establishmentId: arena.establishments[0].id,
    staffUserId: arena.instructors[0][0],
    capacity,
    startTime: '07:00',
    endTime: '08:00',
    startDate: arena.window.from,
    endDate: arena.window.to,
    recurrenceType: 'WEEKLY',
    daysOfWeek: [2, 4],
  });
}

async function enroll(server, arena, scheduleId, customerId, agent) {
  const response = await httpRequest(
    `${server.base}/api/organizations/${arena.organization.id}/enrollments`,
    {
      method: 'POST',
      headers: { authorization: arena.owner.authorization },
      body: { customerId, planId: arena.plan.id, scheduleId, startDate: arena.window.from },
      agent,
    },
  );
  return {
    status: response.status,
    code: response.status === 201 ? null : JSON.parse(response.text).error?.code,
  };
}

async function checkCapacity(instances, client, arena) {
  console.log(
    `\n3. The last seat, ${CONTENDERS} creates at once split over both instances, ${options.rounds} rounds`,
  );
  const agents = instances.map(() => new Agent({ keepAlive: true, maxSockets: CONTENDERS }));
  const answers = new Map();
  const winnersBy = { A: 0, B: 0 };
  let oneWinner = 0;
  const fillers = arena.customers.slice(EXPIRED, EXPIRED + SEATED * 2);
  const contenders = arena.customers.slice(EXPIRED + SEATED * 2);
  for (let round = 0; round < options.rounds; round += 1) {
    const schedule = await createSchedule(instances[round % 2], arena, `Disputa ${round}`, SEATED + 1);
    for (let k = 0; k < SEATED; k += 1) {
      const seated = await enroll(
        instances[k % 2],
        arena,
        schedule.id,
        fillers[(round + k) % fillers.length],
      );
      if (seated.status !== 201)
        throw new Error(`seat ${k + 1} of round ${round}: ${seated.status} ${seated.code}`);
    }
    const results = await Promise.all(
      contenders.slice(0, CONTENDERS).map((customerId, k) => {
        const side = (k + round) % 2;
        return enroll(instances[side], arena, schedule.id, customerId, agents[side]).then((answer) => ({
          ...answer,
          side,
        }));
      }),
    );
    const won = results.filter((answer) => answer.status === 201);
    if (won.length === 1) {
      oneWinner += 1;
      winnersBy[instances[won[0].side].name] += 1;
    }
    for (const answer of results) {
      const key = `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
  }
  for (const agent of agents) agent.destroy();
  const { rows } = await client.query(
    `select coalesce(sum(greatest(enrolled - capacity, 0)), 0)::int as overbooked, count(*)::int as schedules
       from (select s.capacity, count(e.id) as enrolled
               from schedules s
               left join enrollments e on e.schedule_id = s.id and e.status = 'ACTIVE'
                                      and e.end_date >= s.start_date
              where s.organization_id = $1 group by s.id, s.capacity) per_schedule`,
    [arena.organization.id],
  );
  console.log(
    `  answers: ${[...answers].map(([key, n]) => `${key} ×${n}`).join(', ')}; winners by instance: A ${winnersBy.A}, B ${winnersBy.B}`,
  );
  check(oneWinner === options.rounds, `exactly one 201 in every round (${oneWinner}/${options.rounds})`);
  check(
    [...answers.keys()].every((key) => key === '201' || key === '409 ENROLLMENT_FULL'),
    'every other answer is 409 ENROLLMENT_FULL',
  );
  check(
    rows[0].overbooked === 0,
    `overbooked seats: ${rows[0].overbooked} (SQL over ${rows[0].schedules} schedules)`,
  );
}

const membershipStatements = (proxy) => proxy.statements.filter((s) => s.name === 'load_membership').length;

/** Polls `server` until `path` answers `status`; the milliseconds it took, or null past the limit. */
async function msUntil(server, path, authorization, status) {
  const t0 = performance.now();
  while (performance.now() - t0 <= REFUSAL_LIMIT_MS) {
    if ((await statusOf(server, path, authorization)) === status) return performance.now() - t0;
    await sleep(POLL_MS);
  }
  return null;
}

/** B answers `path` from its cache: a request that sent no membership statement through B's proxy. */
async function isCachedOn(server, path, authorization) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const before = membershipStatements(server.proxy);
    const status = await statusOf(server, path, authorization);
    if (status === 200 && membershipStatements(server.proxy) === before) return true;
    await sleep(POLL_MS);
  }
  return false;
}

async function putRole(server, arena, userId, role) {
  const response = await call(
    server.base,
    `/api/organizations/${arena.organization.id}/staff/${userId}/role`,
    { method: 'PUT', headers: { authorization: arena.owner.authorization }, body: { role } },
  );
  expectStatus(response, 204, `PUT role ${role}`);
}

async function addMember(server, arena, member, email) {
  const orgPath = `/organizations/${arena.organization.id}`;
  const invited = await post(server, arena.owner.authorization, `${orgPath}/staff/invite`, {
    email,
    role: 'ORG_MANAGER',
    establishments: [],
  });
  const token = invited.inviteUrl.split('/staff-invite/')[1];
  await post(server, member.authorization, `/invitations/accept/${token}`, undefined, 200);
}

async function removeMember(server, arena, userId) {
  const response = await call(server.base, `/api/organizations/${arena.organization.id}/staff/${userId}`, {
    method: 'DELETE',
    headers: { authorization: arena.owner.authorization },
  });
  expectStatus(response, 204, 'DELETE staff member');
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function checkMemberships(a, b, arena) {
  const rounds = options['membership-rounds'];
  console.log(`\n4. Memberships: revoked on A, refused on B within ${REFUSAL_LIMIT_MS} ms, ${rounds} rounds`);
  const email = `instances-staff-${randomUUID()}@example.com`;
  const member = await signUp(a, email, 'Equipe', 'Instâncias');
  const path = `/organizations/${arena.organization.id}/staff`;
  const toAllow = [];
  const toRefuse = { role: [], removal: [] };
  let cached = 0;
  let isMember = false;
  for (let round = 0; round < rounds; round += 1) {
    const removes = round % 2 === 1;
    if (isMember) await putRole(a, arena, member.id, 'ORG_MANAGER');
    else await addMember(a, arena, member, email);
    isMember = true;
    toAllow.push(await msUntil(b, path, member.authorization, 200));
    if (await isCachedOn(b, path, member.authorization)) cached += 1;
    const t0 = performance.now();
    if (removes) await removeMember(a, arena, member.id);
    else await putRole(a, arena, member.id, 'ORG_ACCOUNTANT');
    const written = performance.now() - t0;
    const refusedAfter = await msUntil(b, path, member.authorization, removes ? 404 : 403);
    toRefuse[removes ? 'removal' : 'role'].push(refusedAfter === null ? null : refusedAfter);
    if (removes) isMember = false;
    if (refusedAfter === null) console.log(`  round ${round}: B still allowed after ${REFUSAL_LIMIT_MS} ms`);
    else if (round < 2) console.log(`  round ${round}: written on A in ${written.toFixed(1)} ms`);
  }
  const report = (what, times) => {
    const late = times.filter((ms) => ms === null).length;
    const sorted = times.filter((ms) => ms !== null).sort((x, y) => x - y);
    const figures = sorted.length
      ? `p50 ${percentile(sorted, 50).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`
      : 'no answer in time';
    check(
      late === 0,
      `${what}: ${times.length - late}/${times.length} within ${REFUSAL_LIMIT_MS} ms (${figures})`,
    );
  };
  report('a grant on A allowed on B', toAllow);
  check(cached === rounds, `B answered from its cache before each revocation (${cached}/${rounds})`);
  report('a role revoked on A refused on B (403)', toRefuse.role);
  report('a member removed on A refused on B (404)', toRefuse.removal);
}

async function main() {
  console.log('Reformer two-instance suite: two servers, one PostgreSQL (127.0.0.1:5432), one AUTH_SECRET');
  console.log(`Machine: ${machine()}`);
  state.database = `reformer_instances_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin(`CREATE DATABASE "${state.database}"`);
  PUBLIC_URL = `http://localhost:${await freePort()}`;
  const a = await startInstance('A'); // applies the migrations
  const b = await startInstance('B');
  console.log(
    `Instances: A on ${a.base}, B on ${b.base}, each through its own proxy; PUBLIC_URL ${PUBLIC_URL}; ` +
      `database ${state.database}`,
  );
  state.client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${state.database}` });
  await state.client.connect();

  const studio = await seedStudio(a, {
    prefix: `instances-${randomUUID().slice(0, 8)}`,
    organization: { name: 'Estúdio Instâncias', description: 'Pilates', ownerLastName: 'Dupla' },
    establishments: ['Centro'],
    instructorsPerEstablishment: 1,
  });
  const plan = await post(
    b,
    studio.owner.authorization,
    `/organizations/${studio.organization.id}/customer-plans`,
    {
      name: 'Mensal livre',
      description: 'Aulas em grupo',
      priceCents: 39_000,
      currency: 'BRL',
      billingCycle: 'MONTHLY',
      features: ['Aulas em grupo'],
      weeklySessionsLimit: null,
      isActive: true,
    },
  );
  const customers = await insertCustomers(
    state.client,
    studio.organization.id,
    EXPIRED + SEATED * 2 + CONTENDERS,
    17,
  );
  const arena = { ...studio, plan, customers, window: contestWindow() };
  const expiredSchedule = await createSchedule(a, arena, 'Histórico', EXPIRED);

  await checkTokens(a, b, studio.organization.id);
  await checkJobs(a, b, state.client, arena, expiredSchedule.id);
  await checkCapacity([a, b], state.client, arena);
  await checkMemberships(a, b, arena);

  console.log(`\n${failures.length ? `FAIL: ${failures.length} check(s) failed` : 'PASS: every check held'}`);
  if (failures.length) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(`\ntwo-instances failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
