// `node bench/pix-webhooks.mjs [--charges N] [--reconcile M] [--concurrency C] [--keep]`
// (`npm run bench:pix-webhooks`; issue #26 §3, decision 030): PIX charges confirmed exactly once, on the
// PostgreSQL at 127.0.0.1:5432 (trust auth), in a fresh database dropped at the end, against the local standard
// PSP (tools/pix-emulator, in this process, over mutual TLS). A pass/fail suite (exit 1 on any violation) that
// prints its figures:
//   1. N webhook notifications posted at C concurrent to the server's webhook route, as the PSP posts them, for
//      N open charges, 10 % of them repeated and 5 % out of order: notifications per second and p99, every
//      charge paid exactly once, no error.
//   2. A second burst of N: the server is killed with SIGKILL halfway; after the restart its reconciliation
//      (run at every start, GET /pix) pays what the webhooks did not: every charge paid exactly once.
//   3. M more Pix only the PSP knows of (no webhook): a restart's reconciliation reads them from GET /pix pages;
//      its time from the server's first 200 to the last payment, and the server's CPU seconds meanwhile.
// Seeding: the studio, the PSP connection (PEM pair of the emulator's client) through the API; customers with
// valid CPFs and monthly enrollments due in two days with SQL; the charges issued through "issue charges now".
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import {
  benchCpf,
  benchState,
  call,
  count,
  cpuSeconds,
  createChecks,
  expectStatus,
  f1,
  load,
  machine,
  parseArgs,
  percentile,
  startApiServer,
  startOnFreshDatabase,
  stopChild,
  waitForOk,
} from './lib.mjs';
import { admin } from './seed-customers.mjs';
import { insertCustomers, seedMonthlyClass, seedStudio } from './studio-seed.mjs';

register();
const { startPixEmulator } = await import('../tools/pix-emulator/emulator.ts');
const { addDays } = await import('@reformer/domain/calendar-dates');
const { todayIn } = await import('@reformer/domain/time-zones');
const { createSecretBox, decodeSecretsKey } = await import('../apps/server/src/lib/secret-box.ts');
const { sealContext } = await import('../apps/server/src/lib/sealed-columns.ts');

const options = parseArgs(process.argv.slice(2), {
  charges: 1000,
  reconcile: 10_000,
  concurrency: 50,
  keep: false,
});
const DATABASE = 'reformer_bench_pix_webhooks';
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
const AUTH_SECRET = 'reformer-pix-webhooks-bench-not-a-secret-0123456789';
const SECRETS_KEY = 'ab'.repeat(32);
const PRICE = '349.00';

const { state, cleanUp } = benchState(async () => {
  if (!options.keep) await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
});

const { check, fail, finish } = createChecks();

const serverEnv = (caFile) => ({ SECRETS_KEY, NODE_EXTRA_CA_CERTS: caFile });

async function restartServer(caFile) {
  state.server = await startApiServer({
    dataDir: state.dataDir,
    databaseUrl: DATABASE_URL,
    authSecret: AUTH_SECRET,
    env: serverEnv(caFile),
  });
  return state.server;
}

/** Posts each body to the webhook at `concurrency` at once; the answers' statuses and times. */
async function postAll(url, bodies, concurrency, onProgress) {
  const times = [];
  const statuses = new Map();
  let next = 0;
  async function worker() {
    while (next < bodies.length) {
      const index = next;
      next += 1;
      onProgress?.(index);
      const t0 = performance.now();
      let status = 'refused';
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(bodies[index]),
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        // The server is down (phase 2): the PSP would post again later; reconciliation covers it.
      }
      times.push(performance.now() - t0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { times, statuses, seconds: (performance.now() - t0) / 1000 };
}

/** One notification per Pix, 10 % sent twice, and 5 % swapped with their neighbour (out of order). */
function notifications(pixes) {
  const bodies = pixes.map((pix) => ({ pix: [pix] }));
  for (let i = 0; i < pixes.length; i += 10) bodies.push({ pix: [pixes[i]] });
  for (let i = 0; i + 1 < bodies.length; i += 20) [bodies[i], bodies[i + 1]] = [bodies[i + 1], bodies[i]];
  return bodies;
}

async function paidCounts(client, organizationId) {
  const { rows } = await client.query(
    `select count(*)::int as payments, count(distinct end_to_end_id)::int as distinct_pix,
       (select count(*)::int from pix_charges where organization_id = $1 and status = 'PAID') as paid_charges
     from payments where organization_id = $1 and end_to_end_id is not null`,
    [organizationId],
  );
  return rows[0];
}

async function waitForPayments(client, organizationId, expected, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const counts = await paidCounts(client, organizationId);
    if (counts.payments >= expected || performance.now() > deadline)
      return { ...counts, at: performance.now() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

try {
  console.log(`pix-webhooks bench — ${machine()}, load ${load()}`);
  const total = options.charges * 2 + options.reconcile;
  state.emulator = await startPixEmulator({ refundSettleMs: null });
  const emulator = state.emulator;
  await startOnFreshDatabase(state, { admin, database: DATABASE, authSecret: AUTH_SECRET });
  const caFile = join(state.dataDir, 'psp-ca.pem');
  await writeFile(caFile, emulator.ca.cert);
  // The first server goes through the counting proxy, without the PSP's CA: a second one, direct, does the work.
  await stopChild(state.server.started, 5000);
  let server = await restartServer(caFile);
  const today = todayIn('America/Sao_Paulo');
  const studio = await seedStudio(server, {
    prefix: 'bench-pix',
    organization: { name: 'Bench Studio PIX', description: 'PIX', ownerLastName: 'Pix' },
    establishments: ['Centro'],
    instructorsPerEstablishment: 1,
  });
  const organizationId = studio.organization.id;
  const orgPath = `/organizations/${organizationId}`;
  const auth = studio.owner.authorization;
  const { schedule, plan } = await seedMonthlyClass(server, studio, {
    startDate: addDays(today, -7),
    endDate: addDays(today, 365),
    priceCents: 34_900,
  });
  const { cert, key } = emulator.client.certificate;
  const connected = await call(server.base, `/api${orgPath}/pix-psp`, {
    method: 'PUT',
    headers: { authorization: auth },
    body: {
      preset: 'CUSTOM',
      environment: 'SANDBOX',
      baseUrl: emulator.baseUrl,
      tokenUrl: emulator.tokenUrl,
      scopes: 'cobv.write cobv.read pix.read pix.write webhook.write webhook.read',
      clientId: emulator.client.clientId,
      clientSecret: emulator.client.clientSecret,
      certificate: { format: 'PEM', pem: `${cert}\n${key}` },
      pixKey: emulator.receiver.chave,
      chargeDaysAhead: 5,
      finePercent: 0,
      interestPercentMonthly: 0,
      discount: null,
    },
  });
  expectStatus(connected, 200, 'PUT /pix-psp');
  state.client = new pg.Client({ connectionString: DATABASE_URL });
  await state.client.connect();
  const client = state.client;
  const customerIds = await insertCustomers(client, organizationId, total, 26);
  await client.query(
    `update customers set id_type = 'CPF', id_number = c.cpf
     from unnest($2::uuid[], $3::text[]) as c(id, cpf) where organization_id = $1 and customers.id = c.id`,
    [organizationId, customerIds, customerIds.map((_, index) => benchCpf(index + 1))],
  );
  await client.query(
    `insert into enrollments (organization_id, id, customer_id, plan_id, schedule_id, start_date, end_date)
     select $1, gen_random_uuid(), id, $2, $3, $4::date, ($4::date + interval '1 month')::date - 1
     from unnest($5::uuid[]) as c(id)`,
    [organizationId, plan.id, schedule.id, addDays(today, 2), customerIds],
  );
  let t0 = performance.now();
  // One call issues every charge; at full size it takes longer than lib's 30 s request timeout.
  const issuing = await fetch(`${server.base}/api${orgPath}/pix-psp/charges/issue`, {
    method: 'POST',
    headers: { authorization: auth },
  });
  expectStatus({ status: issuing.status, text: '' }, 200, 'POST /pix-psp/charges/issue');
  const issued = await issuing.json();
  console.log(
    `\nSeeded ${count(total)} customers with CPF and enrollments due ${addDays(today, 2)}; ` +
      `${count(issued.issued)} charges issued at the PSP in ${f1((performance.now() - t0) / 1000)} s.`,
  );
  check(issued.issued === total, `every cycle got its charge (${count(issued.issued)} of ${count(total)})`);
  const { rows: charges } = await client.query(
    `select txid from pix_charges where organization_id = $1 and status = 'ACTIVE' order by txid`,
    [organizationId],
  );
  const [{ sealed }] = (
    await client.query(
      'select webhook_secret_sealed as sealed from pix_psp_connections where organization_id = $1',
      [organizationId],
    )
  ).rows;
  const secret = createSecretBox(decodeSecretsKey(SECRETS_KEY))
    .open(sealed, sealContext('pix_psp_connections', 'webhook_secret_sealed', organizationId))
    .toString('utf8');
  const webhookUrl = (base) => `${base}/api/pix-webhooks/${organizationId}/${secret}/pix`;
  const pay = (rows) => rows.map(({ txid }) => emulator.sandbox.receivePix({ valor: PRICE, txid }));

  // 1. A burst of webhooks.
  const first = pay(charges.slice(0, options.charges));
  const burst = await postAll(webhookUrl(server.base), notifications(first), options.concurrency);
  const sent = burst.times.length;
  console.log(
    `\n1. ${count(sent)} notifications (${count(options.charges)} Pix, 10 % repeated, 5 % out of order) ` +
      `at ${options.concurrency} concurrent: ${f1(sent / burst.seconds)} notifications/s, ` +
      `p50 ${f1(percentile(burst.times, 0.5))} ms, p99 ${f1(percentile(burst.times, 0.99))} ms.`,
  );
  let counts = await paidCounts(client, organizationId);
  check(
    burst.statuses.get(200) === sent,
    `every notification answered 200 (${JSON.stringify([...burst.statuses])})`,
  );
  check(
    counts.payments === options.charges && counts.distinct_pix === counts.payments,
    `every Pix paid its charge once: ${count(counts.payments)} payments, ${count(counts.paid_charges)} charges paid`,
  );

  // 2. A second burst, the server killed with SIGKILL halfway; the restart's reconciliation pays the rest.
  const second = pay(charges.slice(options.charges, options.charges * 2));
  const bodies = notifications(second);
  let killed = false;
  const running = postAll(webhookUrl(server.base), bodies, options.concurrency, (index) => {
    if (!killed && index >= bodies.length / 2) {
      killed = true;
      process.kill(-server.started.child.pid, 'SIGKILL');
    }
  });
  const cut = await running;
  await server.started.exited;
  counts = await paidCounts(client, organizationId);
  console.log(
    `\n2. Killed (SIGKILL) halfway through ${count(bodies.length)} notifications: ` +
      `${count(counts.payments - options.charges)} of ${count(options.charges)} paid before the kill ` +
      `(answers: ${JSON.stringify([...cut.statuses])}).`,
  );
  t0 = performance.now();
  server = await restartServer(caFile);
  const afterRestart = await waitForPayments(client, organizationId, options.charges * 2, 180_000);
  console.log(
    `   Restarted; its reconciliation paid the rest ${f1((afterRestart.at - t0) / 1000)} s after the restart began.`,
  );
  check(
    afterRestart.payments === options.charges * 2 && afterRestart.distinct_pix === afterRestart.payments,
    `every charge of both bursts paid exactly once: ${count(afterRestart.payments)} payments, ` +
      `${count(afterRestart.distinct_pix)} distinct Pix, ${count(afterRestart.paid_charges)} charges paid`,
  );

  // 3. Reconciliation alone: M Pix the PSP knows of and no webhook brought.
  pay(charges.slice(options.charges * 2));
  await stopChild(server.started, 10_000);
  server = await restartServer(caFile);
  const ready = await waitForOk(`${server.base}/api/health`, server.started);
  const cpuBefore = cpuSeconds(server.started.child.pid);
  const reconciled = await waitForPayments(client, organizationId, total, 600_000);
  const cpu = cpuSeconds(server.started.child.pid) - cpuBefore;
  console.log(
    `\n3. Reconciliation of ${count(options.reconcile)} Pix from GET /pix (pages of 100): ` +
      `${f1((reconciled.at - ready) / 1000)} s from the restarted server's first 200 to the last payment; ` +
      `server CPU ${f1(cpu)} s.`,
  );
  check(
    reconciled.payments === total && reconciled.distinct_pix === total,
    `every charge paid exactly once: ${count(reconciled.payments)} payments, ${count(reconciled.paid_charges)} charges paid`,
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
