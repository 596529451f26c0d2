// `npm run bench:rolling-restart [-- --connections C --ci]` (issue #30, decision 047): a rolling restart loses
// no request — pass/fail, exit 1 on failure. A fresh database on the PostgreSQL at 127.0.0.1:5432 (trust auth,
// user postgres), two Reformer instances on it with the same AUTH_SECRET and SECRETS_KEY (nothing an instance
// needs lives only in its own DATA_DIR), Debian's Caddy in front of both with the repository's deploy/Caddyfile
// (REFORMER_UPSTREAM holding both addresses, REFORMER_TLS=internal, as bench/https-proxy.mjs runs it). Then
// steady traffic through Caddy — C connections, each in a loop of an authenticated GET of the customer list and
// a create of a customer with an Idempotency-Key — while each instance in turn gets SIGTERM, is started again
// on its port, becomes ready and is sent requests by Caddy again, then the other (`--rounds` times). Every
// answer that is not 2xx and every connection error is counted and the first ones are shown; PASS only at 0.
// Last, every create answered 201 is in the database exactly once.
//
// `--embedded-outage`: instead, the upgrade on the embedded database (one process, `npm start` without
// DATABASE_URL): the time from SIGTERM of the running server to the new one's readiness on the same DATA_DIR.

import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  BENCH_PASSWORD,
  freePort,
  httpsAnswer,
  machine,
  median,
  ms,
  onInterrupt,
  parseArgs,
  root,
  serverEntry,
  sleep,
  startChild,
  stopChild,
  waitForOk,
} from './lib.mjs';

const options = parseArgs(process.argv.slice(2), {
  connections: 20,
  rounds: 2,
  ci: false,
  'embedded-outage': false,
  repeat: 3,
});
if (options.ci) options.rounds = 1;
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'reformer_rolling_restart';
const DOMAIN = 'localhost';
// Bench-only values, the same on both instances as behind a load balancer: never a real secret.
const AUTH_SECRET = 'reformer-rolling-restart-bench-not-a-secret-0123456789';
const SECRETS_KEY = 'cd'.repeat(32);
const TIMEOUT_MS = 120_000;
/** How many failed answers are shown in full; all are counted. */
const SHOWN = 10;

const state = { database: null, folders: [], instances: [], caddy: null, server: null };
const cleanup = onInterrupt(async () => {
  for (const instance of state.instances) if (instance.started) await stopChild(instance.started, 5000);
  if (state.server) await stopChild(state.server, 5000);
  if (state.caddy) await stopChild(state.caddy, 5000);
  if (state.database) await admin(`DROP DATABASE IF EXISTS "${state.database}" WITH (FORCE)`);
  for (const folder of state.folders) await rm(folder, { recursive: true, force: true });
});

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function temporaryFolder(prefix) {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  state.folders.push(folder);
  return folder;
}

/** Polls `read` until it returns something other than null; fails with `details()` after TIMEOUT_MS. */
async function until(what, read, details = () => '') {
  const deadline = performance.now() + TIMEOUT_MS;
  while (performance.now() < deadline) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${TIMEOUT_MS / 1000} s\n${details()}`);
}

// ---------------------------------------------------------------------------------------------------------
// The instances and Caddy

/**
 * Starts (or starts again) `instance` on its own port, as `npm start` runs it, and waits for its readiness.
 * `served` counts the API requests its log says it answered, so the bench knows when Caddy sends it some.
 */
async function startInstance(instance, env) {
  const started = startChild(serverEntry().args, {
    PORT: String(instance.port),
    HOST: '127.0.0.1',
    DATA_DIR: instance.dataDir,
    NODE_ENV: 'production',
    TRUST_PROXY: 'true',
    AUTH_SECRET,
    SECRETS_KEY,
    AUTH_RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: 'info',
    ...env,
  });
  instance.started = started;
  instance.served = 0;
  started.child.stdout.on('data', (chunk) => {
    instance.served += chunk
      .toString()
      .split('\n')
      .filter((line) => line.includes('/customers')).length;
  });
  return waitForOk(`http://127.0.0.1:${instance.port}/api/health/ready`, started, { timeoutMs: TIMEOUT_MS });
}

/** `caddy run` on deploy/Caddyfile, both instances as its upstreams (space-separated in REFORMER_UPSTREAM). */
async function startCaddy(instances) {
  const folder = await temporaryFolder('reformer-rolling-caddy-');
  // The webhooks' address needs its CA file to start; no webhook is sent here.
  const pspCa = join(folder, 'psp-ca.pem');
  const openssl = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout'].concat(
      [join(folder, 'psp-ca.key'), '-out', pspCa, '-days', '1', '-subj', '/CN=bench-psp-ca'],
    ),
    { encoding: 'utf8' },
  );
  if (openssl.status !== 0) throw new Error(`openssl: ${openssl.error?.message ?? openssl.stderr}`);
  const httpsPort = await freePort();
  const env = {
    ...process.env,
    HOME: folder,
    XDG_DATA_HOME: join(folder, 'data'),
    XDG_CONFIG_HOME: join(folder, 'config'),
    REFORMER_DOMAIN: DOMAIN,
    REFORMER_WEBHOOK_ADDRESS: 'pix.localhost',
    REFORMER_PSP_CA_FILE: pspCa,
    REFORMER_TLS: 'internal',
    REFORMER_UPSTREAM: instances.map((instance) => `127.0.0.1:${instance.port}`).join(' '),
    REFORMER_ACCESS_LOG: join(folder, 'access.log'),
    REFORMER_HTTP_PORT: String(await freePort()),
    REFORMER_HTTPS_PORT: String(httpsPort),
    REFORMER_CADDY_ADMIN: 'off',
  };
  const child = spawn(
    'caddy',
    ['run', '--config', join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
    { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4_000_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  state.caddy = { child, exited, output: () => output };
  const rootCertificate = join(env.XDG_DATA_HOME, 'caddy/pki/authorities/local/root.crt');
  await until(
    'Caddy serving https',
    async () => {
      if (child.exitCode !== null) throw new Error(`caddy exited (code ${child.exitCode}):\n${output}`);
      return existsSync(rootCertificate) && (await portAnswers(httpsPort)) ? true : null;
    },
    () => output,
  );
  return { httpsPort, ca: await readFile(rootCertificate), output: () => output };
}

const portAnswers = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// ---------------------------------------------------------------------------------------------------------
// The traffic through Caddy

/**
 * A client of Caddy's https address, kept alive over up to `connections` connections. Resolves with
 * { status, text } or { error } (a connection refused, reset or timed out).
 */
function caddyClient(httpsPort, ca, connections) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections, ca, servername: DOMAIN });
  const origin = `https://${DOMAIN}:${httpsPort}`;
  const send = (path, { method = 'GET', headers = {}, body } = {}) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const sent = {
      host: `${DOMAIN}:${httpsPort}`,
      ...(payload
        ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
        : {}),
      ...headers,
    };
    return httpsAnswer(
      { host: '127.0.0.1', port: httpsPort, path, method, headers: sent, agent },
      payload,
      30_000,
    );
  };
  return { origin, send, close: () => agent.destroy() };
}

async function expectOk(answer, status, what) {
  if (answer.status !== status)
    throw new Error(
      `${what}: expected ${status}, got ${answer.error?.message ?? answer.status} ${answer.text ?? ''}`,
    );
  return JSON.parse(answer.text);
}

/** An owner signed up through Caddy, their bearer token and an organization of theirs. */
async function seedOwner(client) {
  const signUp = await client.send('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: client.origin },
    body: {
      email: `rolling-${randomUUID()}@example.com`,
      password: BENCH_PASSWORD,
      firstName: 'Rolante',
      lastName: 'Reinício',
    },
  });
  await expectOk(signUp, 200, 'sign-up');
  const cookie = (signUp.headers['set-cookie'] ?? []).map((value) => value.split(';')[0]).join('; ');
  const token = await expectOk(await client.send('/api/auth/token', { headers: { cookie } }), 200, 'token');
  const authorization = `Bearer ${token.token}`;
  const organization = await expectOk(
    await client.send('/api/organizations', {
      method: 'POST',
      headers: { authorization, 'idempotency-key': randomUUID() },
      body: { name: 'Estúdio Rolante', description: 'Pilates' },
    }),
    201,
    'organization',
  );
  return { authorization, customers: `/api/organizations/${organization.id}/customers` };
}

/**
 * `connections` loops, each a GET of the customer list then a create with an Idempotency-Key, until `stop()`.
 * Every answer is tallied; what is not 2xx is kept with its time and kind.
 */
function startTraffic(client, owner, connections, t0) {
  const tally = { answers: 0, gets: 0, creates: 0, failures: [], created: [] };
  let running = true;
  const record = (what, answer) => {
    tally.answers += 1;
    if (answer.status >= 200 && answer.status < 300) return true;
    tally.failures.push({
      at: performance.now() - t0,
      what,
      result: answer.error
        ? `connection error ${answer.error.code ?? ''} ${answer.error.message}`
        : `${answer.status} ${answer.text.slice(0, 200)}`,
    });
    return false;
  };
  const loop = async (connection) => {
    for (let i = 0; running; i += 1) {
      const list = await client.send(`${owner.customers}?page=1&limit=10`, {
        headers: { authorization: owner.authorization },
      });
      tally.gets += 1;
      record('GET customers', list);
      const lastName = `Rolante ${connection}-${i}`;
      const create = await client.send(owner.customers, {
        method: 'POST',
        headers: { authorization: owner.authorization, 'idempotency-key': randomUUID() },
        body: { firstName: 'Cliente', lastName },
      });
      tally.creates += 1;
      if (record('POST customers', create)) tally.created.push(lastName);
    }
  };
  const loops = Array.from({ length: connections }, (_, connection) => loop(connection));
  return {
    tally,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The rolling restart

const seconds = (value) => `${(value / 1000).toFixed(1)} s`;

/** SIGTERM, exit, start again, ready, and Caddy sending it requests again; each step's time from SIGTERM. */
async function restart(instance, databaseUrl, trafficStart) {
  const t0 = performance.now();
  const stopped = await stopChild(instance.started, 60_000);
  const exited = performance.now() - t0;
  const ready =
    (await startInstance(instance, { DATABASE_URL: databaseUrl, PUBLIC_URL: instance.publicUrl })) - t0;
  await until(
    `instance ${instance.name} sent requests by Caddy again`,
    async () => (instance.served > 0 ? true : null),
    () => state.caddy.output(),
  );
  const inRotation = performance.now() - t0;
  console.log(
    `  ${instance.name}: SIGTERM at ${seconds(t0 - trafficStart)} → exited ${seconds(exited)} (code ${stopped.code}${stopped.signal ? `, ${stopped.signal}` : ''}), ` +
      `started again and ready ${seconds(ready)}, sent requests by Caddy again ${seconds(inRotation)}`,
  );
  return stopped.clean;
}

async function rollingRestart() {
  console.log(`Rolling restart through Caddy — ${machine()}`);
  console.log(
    `${options.connections} connections, ${options.rounds} round(s) of restarting both instances in turn.`,
  );
  await admin(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${DATABASE}"`);
  state.database = DATABASE;
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
  const instances = [];
  for (const name of ['A', 'B']) {
    instances.push({
      name,
      port: await freePort(),
      dataDir: await temporaryFolder(`reformer-rolling-${name}-`),
    });
  }
  state.instances = instances;
  const caddy = await startCaddy(instances);
  const publicUrl = `https://${DOMAIN}:${caddy.httpsPort}`;
  for (const instance of instances) {
    instance.publicUrl = publicUrl;
    // One after the other: the first applies the migrations.
    await startInstance(instance, { DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl });
  }
  console.log(`Server: node ${serverEntry().args.join(' ')}; ${serverEntry().note}.`);
  const client = caddyClient(caddy.httpsPort, caddy.ca, options.connections);
  const owner = await seedOwner(client);
  const t0 = performance.now();
  const traffic = startTraffic(client, owner, options.connections, t0);
  let clean = true;
  // Both in rotation before the first SIGTERM, so that the restarts are the only disturbance.
  await until('both instances sent requests by Caddy', async () =>
    instances.every((instance) => instance.served > 0) ? true : null,
  );
  for (let round = 1; round <= options.rounds; round += 1) {
    console.log(`Round ${round}:`);
    for (const instance of instances) clean = (await restart(instance, databaseUrl, t0)) && clean;
  }
  await traffic.stop();
  const elapsed = performance.now() - t0;
  client.close();
  const { tally } = traffic;
  // Each create answered 201 is there once: a create retried by Caddy did not make a second customer.
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const { rows } = await database.query(
    `select last_name, count(*)::int as copies from customers where last_name = any($1) group by last_name`,
    [tally.created],
  );
  await database.end();
  const stored = rows.length;
  const duplicated = rows.filter((row) => row.copies > 1).length;
  return { tally, elapsed, clean, stored, duplicated };
}

// ---------------------------------------------------------------------------------------------------------
// The embedded database's outage

/**
 * Polls `/api/health` of `port` every 20 ms until `stop()`: the times of its 200s, to find the gap in them.
 */
function watchAnswers(port) {
  const answered = [];
  let running = true;
  const polling = (async () => {
    while (running) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
          signal: AbortSignal.timeout(2000),
        });
        await response.arrayBuffer();
        if (response.status === 200) answered.push(performance.now());
      } catch {
        // Not listening: part of the outage.
      }
      await sleep(20);
    }
  })();
  return {
    answered,
    stop: async () => {
      running = false;
      await polling;
    },
  };
}

/**
 * `repeat` times: SIGTERM of the running server, then the new one on the same DATA_DIR until it is ready.
 * The outage is the longest gap between two 200s of `/api/health` (the old one serves on while it drains).
 */
async function embeddedOutage() {
  console.log(`Upgrade on the embedded database (one process) — ${machine()}`);
  const dataDir = await temporaryFolder('reformer-rolling-embedded-');
  const instance = { name: 'embedded', port: await freePort(), dataDir };
  state.instances = [instance];
  await startInstance(instance, { DATABASE_URL: '' });
  console.log(`Server: node ${serverEntry().args.join(' ')}; ${serverEntry().note}; first start done.`);
  const outages = [];
  for (let i = 0; i < options.repeat; i += 1) {
    const watch = watchAnswers(instance.port);
    await until('the server answering /api/health', async () => (watch.answered.length > 0 ? true : null));
    const t0 = performance.now();
    const stopped = await stopChild(instance.started, 60_000);
    const exited = performance.now() - t0;
    const ready = (await startInstance(instance, { DATABASE_URL: '' })) - t0;
    await until('the new server answering /api/health', async () =>
      watch.answered.at(-1) > t0 + ready ? true : null,
    );
    await watch.stop();
    const gaps = watch.answered.slice(1).map((at, k) => at - watch.answered[k]);
    const outage = Math.max(...gaps);
    outages.push(outage);
    console.log(
      `  ${i + 1}: SIGTERM → exited ${seconds(exited)} (code ${stopped.code}), new one ready ${seconds(ready)}; ` +
        `no answer for ${seconds(outage)}`,
    );
  }
  console.log(
    `Outage (the longest time without an answer): median ${ms(median(outages))}, max ${ms(Math.max(...outages))}.`,
  );
}

async function main() {
  if (options['embedded-outage']) {
    await embeddedOutage();
    return true;
  }
  const { tally, elapsed, clean, stored, duplicated } = await rollingRestart();
  const caddyErrors = state.caddy
    .output()
    .split('\n')
    .filter((line) => line.includes('http.log.error'));
  console.log(
    `\n${tally.answers} answers in ${seconds(elapsed)} (${tally.gets} GETs, ${tally.creates} creates), ` +
      `${tally.failures.length} not 2xx or failed.`,
  );
  for (const failure of tally.failures.slice(0, SHOWN)) {
    console.log(`  at ${seconds(failure.at)}: ${failure.what} → ${failure.result}`);
  }
  if (tally.failures.length > 0) {
    const said = caddyErrors.slice(0, SHOWN).map((line) => `  ${line.slice(0, 400)}`);
    console.log(`Caddy's errors (first ${said.length} of ${caddyErrors.length}):\n${said.join('\n')}`);
  }
  const checks = [
    [tally.failures.length === 0, `0 answers lost (not 2xx or a connection error): ${tally.failures.length}`],
    [clean, 'every SIGTERM ended in a clean exit (code 0)'],
    [
      stored === tally.created.length && duplicated === 0,
      `every create answered 201 is stored once (${stored}/${tally.created.length}, ${duplicated} duplicated)`,
    ],
  ];
  for (const [ok, what] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  const passed = checks.every(([ok]) => ok);
  console.log(passed ? 'PASS' : 'FAIL');
  return passed;
}

main()
  .then(async (passed) => {
    await cleanup();
    process.exit(passed ? 0 : 1);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
