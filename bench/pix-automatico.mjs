// `node bench/pix-automatico.mjs [--subscriptions N] [--ci] [--concurrency C] [--keep]`
// (`npm run bench:pix-automatico`; issue #31 "Measured", decision 048's third part): Pix Automático's later
// cycles charged and confirmed exactly once, on the PostgreSQL at 127.0.0.1:5432 (trust auth), in a fresh
// database dropped at the end, against the local standard PSP (tools/pix-emulator, in this process, over mutual
// TLS), with TWO server instances on that database behind a webhook proxy that spreads the PSP's callbacks over
// both. A pass/fail suite (exit 1 on any violation) that prints its figures:
//   1. N subscriptions with approved recurrences (started through the API by Jornada 3, approved by the payer
//      in the PSP's sandbox).
//   2. Both instances restarted at once: each runs the `pix-automatico.issue-charges` job at start, over the
//      same cycles. Time from the restart to the N-th charge, the instances' CPU; exactly one `cobr` per cycle
//      at the PSP and in the database.
//   3. Outcomes: 80 % of the debits settle, 20 % fail (AM02) and are retried by the servers, then settle; every
//      callback is sent twice and held, then released in reverse order; halfway through, instance A is killed
//      with SIGKILL (its callbacks under way are lost) and started again (its reconciliation at start applies
//      what was lost). Time to the last payment, CPU; exactly one payment per cycle, one retry per failed debit.
// `--ci`: 100 subscriptions (under a minute).
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import {
  benchCpf,
  call,
  count,
  cpuSeconds,
  createChecks,
  expectStatus,
  f1,
  load,
  machine,
  onInterrupt,
  parseArgs,
  startApiServer,
  startOnFreshDatabase,
  stopChild,
} from './lib.mjs';
import { admin } from './seed-customers.mjs';
import { insertCustomers, seedMonthlyClass, seedStudio } from './studio-seed.mjs';

register();
const { startPixEmulator } = await import('../tools/pix-emulator/emulator.ts');
const { addDays } = await import('@reformer/domain/calendar-dates');
const { todayIn } = await import('@reformer/domain/time-zones');

const options = parseArgs(process.argv.slice(2), {
  subscriptions: 5000,
  concurrency: 16,
  ci: false,
  keep: false,
});
if (options.ci) options.subscriptions = 100;
const N = options.subscriptions;
const DATABASE = 'reformer_bench_pix_automatico';
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
const AUTH_SECRET = 'reformer-pix-automatico-bench-not-a-secret-0123456789';
const SECRETS_KEY = 'cd'.repeat(32);
const PRICE_CENTS = 34_900;

const state = {
  dataDir: null,
  server: null,
  proxy: null,
  client: null,
  emulator: null,
  instances: [],
  hook: null,
};
const cleanUp = async () => {
  await state.client?.end().catch(() => {});
  for (const instance of state.instances) if (instance) await stopChild(instance.started, 5000);
  if (state.server) await stopChild(state.server.started, 5000);
  await state.proxy?.close();
  await new Promise((resolve) => (state.hook ? state.hook.close(resolve) : resolve()));
  await state.emulator?.close();
  const { rm } = await import('node:fs/promises');
  if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
  if (!options.keep) await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`).catch(() => {});
};
onInterrupt(cleanUp);

const { check, fail, finish } = createChecks();

const instancesCpu = () =>
  state.instances.reduce((sum, i) => sum + (i ? cpuSeconds(i.started.child.pid) : 0), 0);

/**
 * The address the PSP posts its callbacks to: forwards each to instance A or B in turn, to the other when one
 * is down (as a load balancer's health check would); a callback in flight to an instance that dies is lost.
 */
function startWebhookProxy() {
  let turn = 0;
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const alive = state.instances.filter(Boolean);
    turn += 1;
    for (let tried = 0; tried < alive.length; tried += 1) {
      const target = alive[(turn + tried) % alive.length];
      try {
        const answer = await fetch(`${target.base}${request.url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(30_000),
        });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(Buffer.from(await answer.arrayBuffer()));
        return;
      } catch {
        // Down: the next one.
      }
    }
    response.writeHead(502);
    response.end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function startInstance(caFile, webhookUrl) {
  return startApiServer({
    dataDir: state.dataDir,
    databaseUrl: DATABASE_URL,
    authSecret: AUTH_SECRET,
    env: { SECRETS_KEY, NODE_EXTRA_CA_CERTS: caFile, PIX_WEBHOOK_URL: webhookUrl },
  });
}

async function waitFor(what, query, expected, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { rows } = await state.client.query(query.sql, query.params);
    const value = rows[0].n;
    if (value >= expected) return { value, at: performance.now() };
    if (performance.now() > deadline) {
      console.log(`  (gave up waiting for ${what}: ${value} of ${expected})`);
      return { value, at: performance.now() };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs `work` for each item, `concurrency` at once. */
async function eachAtOnce(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        await work(item);
      }
    }),
  );
}

try {
  console.log(`pix-automatico bench — ${machine()}, load ${load()}, ${count(N)} subscriptions`);
  state.emulator = await startPixEmulator({ refundSettleMs: null });
  const emulator = state.emulator;
  await startOnFreshDatabase(state, { admin, database: DATABASE, authSecret: AUTH_SECRET });
  const caFile = join(state.dataDir, 'psp-ca.pem');
  await writeFile(caFile, emulator.ca.cert);
  await stopChild(state.server.started, 5000);
  state.server = null;
  state.hook = await startWebhookProxy();
  const webhookUrl = `http://127.0.0.1:${state.hook.address().port}`;
  state.instances = await Promise.all([startInstance(caFile, webhookUrl), startInstance(caFile, webhookUrl)]);
  const [serverA] = state.instances;
  const today = todayIn('America/Sao_Paulo');

  // 1. The studio, its PSP with the receiving company's account, N subscriptions approved by the payer.
  const studio = await seedStudio(serverA, {
    prefix: 'bench-pixauto',
    organization: {
      name: 'Bench Studio Pix Automático',
      description: 'Pix Automático',
      ownerLastName: 'Rec',
    },
    establishments: ['Centro'],
    instructorsPerEstablishment: 1,
  });
  const organizationId = studio.organization.id;
  const orgPath = `/organizations/${organizationId}`;
  const auth = studio.owner.authorization;
  const { schedule, plan } = await seedMonthlyClass(serverA, studio, {
    startDate: addDays(today, -30),
    endDate: addDays(today, 365),
    priceCents: PRICE_CENTS,
  });
  const { cert, key } = emulator.client.certificate;
  const connected = await call(serverA.base, `/api${orgPath}/pix-psp`, {
    method: 'PUT',
    headers: { authorization: auth },
    body: {
      preset: 'CUSTOM',
      environment: 'SANDBOX',
      baseUrl: emulator.baseUrl,
      tokenUrl: emulator.tokenUrl,
      scopes: emulator.client.scopes.join(' '),
      clientId: emulator.client.clientId,
      clientSecret: emulator.client.clientSecret,
      certificate: { format: 'PEM', pem: `${cert}\n${key}` },
      pixKey: emulator.receiver.chave,
      // Decision 030's own charges reach one day ahead only: no cycle here is theirs to ask for.
      chargeDaysAhead: 1,
      finePercent: 0,
      interestPercentMonthly: 0,
      discount: null,
      receiver: {
        cnpj: emulator.receiver.cnpj,
        branch: emulator.account.agencia,
        account: emulator.account.conta,
        accountType: emulator.account.tipoConta,
      },
    },
  });
  expectStatus(connected, 200, 'PUT /pix-psp');
  const webhook = await call(serverA.base, `/api${orgPath}/pix-psp/webhook`, {
    method: 'PUT',
    headers: { authorization: auth },
    body: {},
  });
  expectStatus(webhook, 200, 'PUT /pix-psp/webhook');
  state.client = new pg.Client({ connectionString: DATABASE_URL });
  await state.client.connect();
  const client = state.client;
  const customerIds = await insertCustomers(client, organizationId, N, 31);
  await client.query(
    `update customers set id_type = 'CPF', id_number = c.cpf
     from unnest($2::uuid[], $3::text[]) as c(id, cpf) where organization_id = $1 and customers.id = c.id`,
    [organizationId, customerIds, customerIds.map((_, index) => benchCpf(index + 1))],
  );
  // Enrolled 25 days ago: the QR pays that first cycle, and the next one is due in 3 to 6 days (the window).
  const { rows: enrolled } = await client.query(
    `insert into enrollments (organization_id, id, customer_id, plan_id, schedule_id, start_date, end_date)
     select $1, gen_random_uuid(), id, $2, $3, $4::date, $5::date from unnest($6::uuid[]) as c(id)
     returning id`,
    [organizationId, plan.id, schedule.id, addDays(today, -25), addDays(today, 300), customerIds],
  );
  let t0 = performance.now();
  const idRecs = [];
  await eachAtOnce(enrolled, options.concurrency, async ({ id }) => {
    const started = await call(serverA.base, `/api${orgPath}/enrollments/${id}/pix-automatico`, {
      method: 'POST',
      headers: { authorization: auth, 'idempotency-key': `bench-pixauto-${id}` },
      body: { amountKind: 'FIXED' },
    });
    expectStatus(started, 201, 'POST …/pix-automatico');
    idRecs.push(started.json().idRec);
  });
  for (const idRec of idRecs) emulator.sandbox.approveRecurrence(idRec);
  await emulator.sandbox.webhooksIdle();
  const approved = await waitFor(
    'approvals',
    { sql: `select count(*)::int as n from pix_recurrences where state = 'APPROVED'`, params: [] },
    N,
    120_000,
  );
  console.log(
    `\n1. ${count(N)} subscriptions started by Jornada 3 through the API and approved by the payer in ` +
      `${f1((approved.at - t0) / 1000)} s (${count(approved.value)} APPROVED by their callbacks).`,
  );
  check(approved.value === N, 'every recurrence approved by its callback');

  // 2. Both instances restarted at once: each one's job runs at start over the same cycles.
  await Promise.all(state.instances.map((instance) => stopChild(instance.started, 10_000)));
  state.instances = [null, null];
  t0 = performance.now();
  state.instances = await Promise.all([startInstance(caFile, webhookUrl), startInstance(caFile, webhookUrl)]);
  const cpu0 = instancesCpu();
  const charged = await waitFor(
    'charges',
    { sql: `select count(*)::int as n from pix_recurring_charges where state = 'ACTIVE'`, params: [] },
    N,
    600_000,
  );
  const cpu1 = instancesCpu();
  await emulator.sandbox.webhooksIdle();
  const { rows: chargeRows } = await client.query(
    `select count(*)::int as rows, count(distinct (recurrence_id, cycle_start))::int as cycles
     from pix_recurring_charges`,
  );
  console.log(
    `\n2. Two instances restarted at once, each running the charge job at start: ${count(charged.value)} ` +
      `charges in ${f1((charged.at - t0) / 1000)} s from the restart; both instances' CPU ` +
      `${f1(cpu1 - cpu0)} s after their start.`,
  );
  check(
    emulator.sandbox.counts().recurringCharges === N,
    `one cobr per cycle at the PSP (${count(emulator.sandbox.counts().recurringCharges)} for ${count(N)})`,
  );
  check(
    chargeRows[0].rows === N && chargeRows[0].cycles === N,
    `one row per cycle (${count(chargeRows[0].rows)} rows, ${count(chargeRows[0].cycles)} cycles)`,
  );

  // 3. Outcomes: settle 80 %, fail 20 % (retried by the servers, then settled); every callback twice, held,
  //    released in reverse; instance A killed with SIGKILL halfway, then started again.
  const { rows: txRows } = await client.query(
    'select txid, enrollment_id, cycle_start from pix_recurring_charges order by txid',
  );
  const failing = txRows.filter((_, index) => index % 5 === 0);
  const settling = txRows.filter((_, index) => index % 5 !== 0);
  t0 = performance.now();
  const cpuBefore = instancesCpu();
  const heldFrom = emulator.sandbox.deliveries().length;
  emulator.sandbox.webhooks({ hold: true, repeatNext: 2 * N });
  for (const { txid } of settling) emulator.sandbox.settleRecurringCharge(txid);
  for (const { txid } of failing) emulator.sandbox.failRecurringCharge(txid);
  const released = emulator.sandbox.releaseWebhooks('reverse');
  emulator.sandbox.webhooks({ repeatNext: 0 });
  // Halfway through the released callbacks, instance A dies.
  for (;;) {
    const done = emulator.sandbox
      .deliveries()
      .slice(heldFrom)
      .filter((d) => d.outcome !== 'held' && d.outcome !== 'pending');
    if (done.length >= released / 2) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const killedA = state.instances[0];
  state.instances[0] = null;
  process.kill(-killedA.started.child.pid, 'SIGKILL');
  await killedA.started.exited;
  const { rows: atKill } = await client.query(
    `select count(*)::int as n from pix_recurring_charges where state = 'PAID'`,
  );
  console.log(
    `\n3. ${count(settling.length)} debits settled and ${count(failing.length)} failed; ${count(released)} ` +
      `callbacks (each twice) released in reverse; instance A killed (SIGKILL) with ${count(atKill[0].n)} paid.`,
  );
  await emulator.sandbox.webhooksIdle();
  state.instances[0] = await startInstance(caFile, webhookUrl);
  // The failed debits' retries: the servers asked for them; each settles once the payer's bank scheduled it.
  let pending = failing.map((row) => row.txid);
  const retryDeadline = performance.now() + 600_000;
  while (pending.length > 0 && performance.now() < retryDeadline) {
    pending = pending.filter((txid) => {
      try {
        emulator.sandbox.settleRecurringCharge(txid);
        return false;
      } catch {
        return true;
      }
    });
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  check(pending.length === 0, `every failed debit was retried and settled (${count(pending.length)} left)`);
  await emulator.sandbox.webhooksIdle();
  const paid = await waitFor(
    'payments',
    {
      sql: `select count(*)::int as n from payments p join pix_recurring_charges c
              on c.organization_id = p.organization_id and c.enrollment_id = p.enrollment_id
             and c.cycle_start = p.cycle_start where p.status = 'COMPLETED'`,
      params: [],
    },
    N,
    600_000,
  );
  const cpuAfter = instancesCpu();
  console.log(
    `   Every cycle paid ${f1((paid.at - t0) / 1000)} s after the outcomes began (instances' CPU ` +
      `${f1(cpuAfter - cpuBefore)} s, the restarted A's counted from its start).`,
  );
  const { rows: final } = await client.query(
    `select
       (select count(*)::int from pix_recurring_charges where state = 'PAID') as paid_charges,
       (select count(*)::int from pix_recurring_charges where attempts = 2) as retried,
       (select count(*)::int from pix_recurring_charges where fell_back_at is not null) as fell_back,
       (select count(*)::int from payments p join pix_recurring_charges c on c.organization_id = p.organization_id
          and c.enrollment_id = p.enrollment_id and c.cycle_start = p.cycle_start where p.status = 'COMPLETED') as payments,
       (select count(distinct (p.enrollment_id, p.cycle_start))::int from payments p join pix_recurring_charges c
          on c.organization_id = p.organization_id and c.enrollment_id = p.enrollment_id
          and c.cycle_start = p.cycle_start where p.status = 'COMPLETED') as paid_cycles,
       (select count(*)::int from pix_charges c join pix_recurring_charges r on r.organization_id = c.organization_id
          and r.enrollment_id = c.enrollment_id and r.cycle_start = c.cycle_start) as dynamic_charges`,
  );
  const f = final[0];
  check(
    f.payments === N && f.paid_cycles === N,
    `one payment per cycle: ${count(f.payments)} payments for ${count(f.paid_cycles)} cycles of ${count(N)}`,
  );
  check(f.paid_charges === N, `every charge PAID (${count(f.paid_charges)})`);
  check(
    f.retried === failing.length,
    `one retry per failed debit (${count(f.retried)} of ${count(failing.length)})`,
  );
  check(
    f.fell_back === 0 && f.dynamic_charges === 0,
    `no cycle fell back, no dynamic charge asked as well (${f.fell_back}, ${f.dynamic_charges})`,
  );
  check(
    emulator.sandbox.counts().recurringCharges === N,
    `still one cobr per cycle at the PSP (${count(emulator.sandbox.counts().recurringCharges)})`,
  );
  check(
    emulator.violations.length === 0,
    `the PSP saw no request outside the standard (${emulator.violations.length})`,
  );
} catch (error) {
  fail(error);
} finally {
  await cleanUp();
}
finish();
