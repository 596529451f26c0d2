// `node bench/whatsapp.mjs [--reminders N] [--classes C] [--ci] [--keep]` (`npm run bench:whatsapp`; issue #32,
// decision 052): the day's class reminders of a studio sent through the WhatsApp Cloud API exactly once, on the
// PostgreSQL at 127.0.0.1:5432 (trust auth), in a fresh database dropped at the end, against the local Cloud API
// (tools/whatsapp-emulator, in this process, over https with a test CA the server trusts). A pass/fail suite
// (exit 1 on any violation) that prints its figures:
//   1. N customers opted in to WhatsApp, on C daily classes whose next session starts within the 24 hours of the
//      reminders; the server restarts and its events job (run at every start) queues the N reminders and the
//      WhatsApp job sends them within the number's tier (TIER_1K here) and Meta's pacing.
//   2. Halfway through, the server is killed with SIGKILL; restarted, it sends the rest, and the send that was in
//      flight is settled after its lease (adopted from its webhook, or sent again): time from the restart.
//   3. Exactly once: the emulator received one message per customer, and our tables hold one send, one message
//      (its wamid) and one SENT event message each; the statuses Meta posted (sent, delivered, read) applied,
//      with the webhook handler's answer times.
// `--ci`: 40 reminders on 4 classes (about a minute: the in-flight send waits for its 30 s lease).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import {
  benchState,
  call,
  count,
  cpuSeconds,
  createChecks,
  expectStatus,
  f1,
  freePort,
  load,
  machine,
  parseArgs,
  percentile,
  post,
  serverEntry,
  startChild,
  startOnFreshDatabase,
  stopChild,
  waitForOk,
} from './lib.mjs';
import { admin } from './seed-customers.mjs';
import { insertCustomers, seedStudio } from './studio-seed.mjs';

register();
const { startWhatsAppEmulator } = await import('../tools/whatsapp-emulator/emulator.ts');
const { createTestCa } = await import('../tools/pix-emulator/test-ca.ts');
const { addDays } = await import('@reformer/domain/calendar-dates');
const { todayIn } = await import('@reformer/domain/time-zones');

const parsed = parseArgs(process.argv.slice(2), { reminders: 400, classes: 20, ci: false, keep: false });
const options = parsed.ci ? { ...parsed, reminders: 40, classes: 4 } : parsed;
const DATABASE = 'reformer_bench_whatsapp';
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
const AUTH_SECRET = 'reformer-whatsapp-bench-not-a-secret-0123456789';
const SECRETS_KEY = 'cd'.repeat(32);

const { state, cleanUp } = benchState(async () => {
  if (!options.keep) await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
});

const { check, fail, finish } = createChecks();

/**
 * The server on one port for the whole run, as a studio's is behind its address: the webhook URL Meta verified
 * stays right across the kill and the restart, and Meta's retries of a status posted while it was down land.
 */
let serverPort = null;
async function startServer(caFile) {
  serverPort ??= await freePort();
  const started = startChild(serverEntry().args, {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: state.dataDir,
    DATABASE_URL,
    AUTH_SECRET,
    AUTH_RATE_LIMIT_MAX: '100000',
    LOG_REQUESTS: 'false',
    SECRETS_KEY,
    NODE_EXTRA_CA_CERTS: caFile,
  });
  const base = `http://127.0.0.1:${serverPort}`;
  state.server = { started, port: serverPort, base };
  await waitForOk(`${base}/api/health`, started);
  return state.server;
}

const reminderMessages = (emulator) =>
  emulator.sandbox.messages().filter((message) => message.template === 'reformer_class_reminder');

async function waitFor(read, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value || performance.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ourCounts(client, organizationId) {
  const { rows } = await client.query(
    `select
       (select count(*)::int from whatsapp_sends where organization_id = $1) as sends,
       (select count(*)::int from whatsapp_sends where organization_id = $1 and state = 'SENT') as sent,
       (select count(*)::int from whatsapp_sends where organization_id = $1 and attempts > 1) as resent,
       (select count(distinct wamid)::int from whatsapp_sends where organization_id = $1) as wamids,
       (select count(*)::int from whatsapp_messages where organization_id = $1) as messages,
       (select count(*)::int from whatsapp_messages where organization_id = $1 and status = 'read') as read,
       (select count(*)::int from whatsapp_message_statuses where organization_id = $1) as statuses,
       (select count(*)::int from event_messages where organization_id = $1 and kind = 'CLASS_REMINDER'
          and channel = 'WHATSAPP' and status = 'SENT') as event_messages_sent`,
    [organizationId],
  );
  return rows[0];
}

try {
  console.log(`whatsapp bench — ${machine()}, load ${load()}`);
  const ca = createTestCa('Reformer WhatsApp bench CA');
  state.emulator = await startWhatsAppEmulator({ tls: ca, reviewDelayMs: 0, statusStepMs: 20 });
  const emulator = state.emulator;
  // Meta retries a webhook for days; here for about 40 s, longer than the restart takes.
  emulator.sandbox.webhooks({ retries: 30 });
  // A number past its first tier: 1,000 people a day (the reminders must fit; the tier's pacing is tested apart).
  emulator.sandbox.setTier(1000);
  await startOnFreshDatabase(state, { admin, database: DATABASE, authSecret: AUTH_SECRET });
  const caFile = join(state.dataDir, 'whatsapp-ca.pem');
  await writeFile(caFile, ca.cert);
  await stopChild(state.server.started, 5000);
  await state.proxy.close();
  state.proxy = null;
  let server = await startServer(caFile);
  const today = todayIn('America/Sao_Paulo');
  const studio = await seedStudio(server, {
    prefix: 'bench-whatsapp',
    organization: { name: 'Bench Studio WhatsApp', description: 'WhatsApp', ownerLastName: 'Whats' },
    establishments: ['Centro'],
    instructorsPerEstablishment: 1,
  });
  const organizationId = studio.organization.id;
  const orgPath = `/organizations/${organizationId}`;
  const auth = studio.owner.authorization;
  const { account } = emulator;
  const connected = await call(server.base, `/api${orgPath}/whatsapp`, {
    method: 'PUT',
    headers: { authorization: auth },
    body: {
      apiBaseUrl: emulator.url,
      phoneNumberId: account.phoneNumberId,
      wabaId: account.wabaId,
      accessToken: account.accessToken,
      appSecret: account.appSecret,
    },
  });
  expectStatus(connected, 200, 'PUT /whatsapp');
  await post(server, auth, `${orgPath}/whatsapp/webhook-registration`, undefined, 200);
  await post(server, auth, `${orgPath}/whatsapp/templates`, undefined, 200);
  emulator.sandbox.reviewTemplates();
  const settings = await call(server.base, `/api${orgPath}/events/config/class-notices`, {
    method: 'PUT',
    headers: { authorization: auth },
    // Off while seeding (the seeding server's events job must not start the sends); on before the timed start.
    body: {
      reminderHours: 0,
      reminderChannels: ['WHATSAPP'],
      changeNoticeEnabled: true,
      changeChannels: ['WHATSAPP'],
    },
  });
  expectStatus(settings, 200, 'PUT /events/config/class-notices');
  // Daily classes at times spread over the day: each one's next session starts within the next 24 hours.
  const perClass = Math.ceil(options.reminders / options.classes);
  const schedules = [];
  for (let index = 0; index < options.classes; index += 1) {
    const minutes = 6 * 60 + Math.floor((index * 14 * 60) / options.classes);
    const hhmm = (value) =>
      `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}`;
    schedules.push(
      await post(server, auth, `${orgPath}/schedules`, {
        name: `Reformer ${index + 1}`,
        type: 'GROUP',
        establishmentId: studio.establishments[0].id,
        staffUserId: studio.instructors[0][0],
        capacity: Math.min(100, perClass),
        startTime: hhmm(minutes),
        endTime: hhmm(minutes + 50),
        startDate: today,
        endDate: addDays(today, 14),
        recurrenceType: 'WEEKLY',
        daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      }),
    );
  }
  const plan = await post(server, auth, `${orgPath}/customer-plans`, {
    name: 'Mensal',
    description: 'Aulas em grupo',
    priceCents: 34_900,
    currency: 'BRL',
    billingCycle: 'MONTHLY',
    features: ['Aulas em grupo'],
    weeklySessionsLimit: null,
  });
  state.client = new pg.Client({ connectionString: DATABASE_URL });
  await state.client.connect();
  const client = state.client;
  const customerIds = await insertCustomers(client, organizationId, options.reminders, 32);
  // Unique mobiles (São Paulo, 9 8xxx-xxxx), every customer active and opted in at the desk.
  await client.query(
    `update customers set status = 'ACTIVE', phone = '+55119' || (80000000 + c.n)::text
     from unnest($2::uuid[]) with ordinality as c(id, n) where organization_id = $1 and customers.id = c.id`,
    [organizationId, customerIds],
  );
  await client.query(
    `insert into whatsapp_consents (organization_id, customer_id, is_opted_in, source, changed_at)
     select $1, id, true, 'STAFF', now() from unnest($2::uuid[]) as c(id)`,
    [organizationId, customerIds],
  );
  await client.query(
    `insert into enrollments (organization_id, id, customer_id, plan_id, schedule_id, start_date, end_date)
     select $1, gen_random_uuid(), c.id, $2, ($3::uuid[])[((c.n - 1) % $4) + 1], $5::date, ($5::date + interval '1 month')::date - 1
     from unnest($6::uuid[]) with ordinality as c(id, n)`,
    [
      organizationId,
      plan.id,
      schedules.map((schedule) => schedule.id),
      options.classes,
      addDays(today, -1),
      customerIds,
    ],
  );
  console.log(
    `\nSeeded ${count(options.reminders)} customers opted in to WhatsApp on ${options.classes} daily classes; ` +
      `the number connected to the local Cloud API (tier ${emulator.sandbox.callback() ? 'TIER_1K, webhooks registered' : '?'}).`,
  );

  // 1. The restart's events job queues the reminders and the WhatsApp job sends them; killed halfway.
  await stopChild(server.started, 10_000);
  await client.query(
    'update event_class_notice_settings set reminder_hours = 24 where organization_id = $1',
    [organizationId],
  );
  const half = Math.floor(options.reminders / 2);
  // The kill lands in the window that matters: Meta takes the send after the first half at once but answers it
  // 3 s late, so the server dies with it accepted at Meta and unknown to its tables.
  emulator.sandbox.delayNext(1, 3000, { afterAnswer: true, messagesOnly: true, skip: half });
  let t0 = performance.now();
  server = await startServer(caFile);
  const cpuBefore = cpuSeconds(server.started.child.pid);
  const inFlight = await waitFor(() => reminderMessages(emulator).length > half, 300_000);
  const beforeKill = reminderMessages(emulator).length;
  const cpuToKill = cpuSeconds(server.started.child.pid) - cpuBefore;
  const firstHalfSeconds = (performance.now() - t0) / 1000;
  process.kill(-server.started.child.pid, 'SIGKILL');
  await server.started.exited;
  const { rows: unknown } = await client.query(
    `select count(*)::int as n from whatsapp_sends where organization_id = $1 and state = 'SENDING'`,
    [organizationId],
  );
  console.log(
    `\n1. Restarted: ${count(beforeKill)} reminders at Meta ${f1(firstHalfSeconds)} s after the start began ` +
      `(${f1(beforeKill / firstHalfSeconds)} messages/s including the start; server CPU ${f1(cpuToKill)} s); ` +
      `then killed (SIGKILL) ${inFlight ? 'while Meta held back its answer to the last one' : 'between sends'}; ` +
      `${unknown[0].n} send(s) left SENDING, Meta holding ${count(beforeKill)} messages.`,
  );

  // 2. The restart sends the rest; the send in flight is settled after its lease.
  t0 = performance.now();
  server = await startServer(caFile);
  const cpuAfter = cpuSeconds(server.started.child.pid);
  const settled = await waitFor(async () => {
    const counts = await ourCounts(client, organizationId);
    return counts.sent >= options.reminders ? counts : null;
  }, 240_000);
  const restartSeconds = (performance.now() - t0) / 1000;
  const cpuRest = cpuSeconds(server.started.child.pid) - cpuAfter;
  console.log(
    `\n2. Restarted after the kill: all ${count(options.reminders)} sends settled ${f1(restartSeconds)} s later ` +
      `(server CPU ${f1(cpuRest)} s; the one in flight waits its 30 s lease and the next minute's job); ` +
      `${settled ? settled.resent : '?'} sent a second time (a send Meta had taken is adopted from its status webhook, not sent again).`,
  );
  check(Boolean(settled), 'every send settled after the restart');

  // 3. Exactly once, and the statuses applied. Statuses posted while the server was down are lost here (the
  // emulator retries a few times within seconds; Meta retries for days): each one that reached a server counts.
  await emulator.sandbox.idle();
  const delivered = () =>
    emulator.sandbox.deliveries().filter((delivery) => delivery.outcome === 'delivered');
  const readDelivered = () =>
    delivered().filter((delivery) => delivery.body.includes('"status":"read"')).length;
  const counts =
    (await waitFor(async () => {
      const now = await ourCounts(client, organizationId);
      return now.read >= readDelivered() ? now : null;
    }, 60_000)) ?? (await ourCounts(client, organizationId));
  const atMeta = reminderMessages(emulator);
  const recipients = new Set(atMeta.map((message) => message.to));
  const deliveries = delivered();
  const lost = emulator.sandbox.deliveries().length - deliveries.length;
  const times = deliveries.map((delivery) => delivery.ms ?? 0);
  console.log(
    `\n3. At Meta: ${count(atMeta.length)} reminders to ${count(recipients.size)} people. Ours: ` +
      `${count(counts.sends)} sends (${count(counts.sent)} SENT, ${count(counts.wamids)} wamids), ` +
      `${count(counts.messages)} messages, ${count(counts.event_messages_sent)} event messages SENT; ` +
      `${count(counts.statuses)} statuses stored, ${count(counts.read)} messages read. ` +
      `Status webhooks: ${count(deliveries.length)} delivered (${count(lost)} posted while the server was down), ` +
      `answered in p50 ${f1(percentile(times, 0.5))} ms, p99 ${f1(percentile(times, 0.99))} ms.`,
  );
  check(atMeta.length === options.reminders, `Meta received each reminder once (${atMeta.length})`);
  check(recipients.size === options.reminders, `one per customer (${recipients.size} people)`);
  check(
    counts.sends === options.reminders &&
      counts.sent === options.reminders &&
      counts.wamids === options.reminders,
    'one send per customer, each SENT with its own wamid',
  );
  check(counts.messages === options.reminders, 'one whatsapp_messages row per reminder');
  check(counts.event_messages_sent === options.reminders, 'every reminder reads SENT on the events screen');
  // A delivery the server stored and was killed before answering counts as posted, not delivered.
  const posted = emulator.sandbox.deliveries();
  const readPosted = posted.filter((delivery) => delivery.body.includes('"status":"read"')).length;
  check(
    counts.statuses >= deliveries.length &&
      counts.statuses <= posted.length &&
      counts.read >= readDelivered() &&
      counts.read <= readPosted,
    `every status webhook that reached the server applied once (${counts.statuses} stored of ` +
      `${posted.length} posted, ${deliveries.length} answered; ${counts.read} read)`,
  );
  check(
    deliveries.every((delivery) => delivery.status === 200),
    'every webhook delivery answered 200',
  );
  check(
    emulator.violations.length === 0,
    `the Cloud API saw nothing outside its YAML (${emulator.violations.length})`,
  );
} catch (error) {
  fail(error);
} finally {
  await cleanUp();
}
finish();
