// Shared helpers for the bench scripts: free ports, starting and stopping child processes (and making sure
// none outlives the script), waiting for the server's health answer, the real server and its API, a
// PostgreSQL wire proxy that counts statements, EXPLAIN summaries and small statistics.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequestRaw } from 'node:http';
import { request as httpsRequestRaw } from 'node:https';
import { createServer, connect as netConnect } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';
import { webBuildReason } from '../scripts/build-web.mjs';
import { serverNodeOptions } from '../scripts/server-node-options.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
export { sleep };

/** Every child we start, so that an error, Ctrl-C or a normal exit never leaves one running. */
const children = new Set();

function killGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    // The children are started detached (their own process group), so this also reaches their children.
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

process.on('exit', () => {
  for (const child of children) killGroup(child, 'SIGKILL');
});

/**
 * Runs `cleanup` once, then exits, on SIGINT/SIGTERM; the 'exit' hook above kills whatever is still running.
 * Returns a function that runs the same cleanup (idempotent) for the normal and the error path.
 */
export function onInterrupt(cleanup) {
  let done = null;
  const once = () => {
    done ??= Promise.resolve()
      .then(cleanup)
      .catch((error) => console.error('cleanup failed:', error));
    return done;
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping children and cleaning up…`);
      once().finally(() => process.exit(130));
    });
  }
  return once;
}

export function parseArgs(argv, defaults) {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2);
    if (!(name in defaults)) throw new Error(`Unknown option --${name}`);
    if (typeof defaults[name] === 'boolean') {
      options[name] = inline === undefined ? true : inline !== 'false';
      continue;
    }
    const raw = inline ?? argv[++i];
    if (typeof defaults[name] === 'string') {
      options[name] = raw ?? '';
      continue;
    }
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`--${name} wants a positive integer, got ${raw}`);
    options[name] = value;
  }
  return options;
}

export function machine() {
  const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  return `node ${process.version}, ${cpus().length} CPUs (${cpu}), ${process.platform}/${process.arch}`;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One request with Node's own HTTP client, by default over one kept-alive connection per server; resolves
 * with the status and the whole body. `body` is sent as JSON. For timing requests: fetch (undici) adds about
 * 0.2 ms of its own per request here (a Request, Headers, streams, an AbortSignal), a cost of the client and
 * not of the server being measured. `agent`: another `http.Agent` (several requests in flight at once).
 */
export function httpRequest(url, { method = 'GET', headers = {}, body, agent = keepAlive } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const sent = payload
    ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers }
    : headers;
  return new Promise((resolve, reject) => {
    const request = httpRequestRaw(url, { method, agent, headers: sent, timeout: 30_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${method} ${url}: no answer in 30 s`)));
    request.on('error', reject);
    request.end(payload);
  });
}

export const httpGet = (url, headers = {}) => httpRequest(url, { headers });

/**
 * One https request (`options` as node:https takes them: host, port, path, method, headers, TLS settings),
 * answered as { status, headers, text }, or { error } when the connection or the request fails; never rejects.
 */
export function httpsAnswer(options, payload, timeoutMs = 20_000) {
  return new Promise((resolve) => {
    const request = httpsRequestRaw({ ...options, timeout: timeoutMs }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', (error) => resolve({ error }));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)));
    request.on('error', (error) => resolve({ error }));
    request.end(payload);
  });
}

export async function freePort() {
  const server = createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `node <args>` from the repo root (or `cwd`: another checkout) with this Node (or `node`, another one's
 * executable), detached in its own process group,
 * output kept (last 64 KB) for error messages. `exited` resolves with { code, signal } when it ends.
 */
export function startChild(args, env, { cwd = root, node = process.execPath } = {}) {
  const child = spawn(node, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-65536);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
    child.once('error', (error) => {
      children.delete(child);
      keep(`spawn error: ${error.message}\n`);
      resolve({ code: null, signal: null, error });
    });
  });
  return { child, exited, output: () => output };
}

/**
 * Polls `url` every `intervalMs` until it answers 200; fails if the child exits first or the deadline
 * passes. Returns the time of the first 200 (performance.now()).
 */
export async function waitForOk(url, started, { intervalMs = 20, timeoutMs = 180_000 } = {}) {
  let exit = null;
  started.exited.then((result) => {
    exit = result;
  });
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {
      // Not listening yet.
    }
    if (exit) {
      throw new Error(
        `the process exited (code ${exit.code}, signal ${exit.signal}) before ${url} answered 200:\n${started.output()}`,
      );
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${started.output()}`);
}

/** SIGTERM, then SIGKILL after `graceMs`. Returns { code, signal, ms, clean } (clean = exit code 0 on SIGTERM). */
export async function stopChild(started, graceMs = 15_000) {
  const t0 = performance.now();
  killGroup(started.child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(started.child, 'SIGKILL'), graceMs);
  const result = await started.exited;
  clearTimeout(timer);
  return { ...result, ms: performance.now() - t0, clean: result.code === 0 };
}

/** Stops the measured server at the end of a bench, and says so if it did not stop cleanly. */
export async function stopServerAtEnd(started) {
  const stopped = await stopChild(started);
  if (!stopped.clean)
    console.log(`note: the server did not stop cleanly (code ${stopped.code}, signal ${stopped.signal})`);
}

/** Why `npm start` would build the web app now, or null if the build is there and up to date. */
export const webBuildNeeded = webBuildReason;

/**
 * What to spawn for "the server as `npm start` runs it". When the web build is missing or stale, builds it
 * once (before any timing) like start.mjs would. If that build fails, start.mjs would exit, so this falls
 * back to bench/server-entry.mjs (start.mjs minus its build check) and returns a note saying so.
 * Returns { args, fallback, note }; fallback is true only when the web build failed.
 */
let entry = null;
export function serverEntry() {
  if (entry && (entry.fallback || !webBuildNeeded())) return entry;
  const reason = webBuildNeeded();
  if (!reason) {
    entry = {
      args: [...serverNodeOptions, 'scripts/start.mjs'],
      fallback: false,
      note: 'web build present and up to date',
    };
    return entry;
  }
  console.log(`Building the web app before timing (${reason}): npm run build -w @reformer/web`);
  const build = spawnSync('npm', ['run', 'build', '-w', '@reformer/web'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (build.status === 0) {
    entry = {
      args: [...serverNodeOptions, 'scripts/start.mjs'],
      fallback: false,
      note: `web app built before timing (${reason})`,
    };
    return entry;
  }
  const tail = `${build.stdout}\n${build.stderr}`
    .split('\n')
    .filter((line) => line.trim() && !/^\s+at /.test(line))
    .slice(0, 12)
    .join('\n');
  console.log(
    `!!! The web build FAILED (exit ${build.status}); \`npm start\` cannot start now. First lines:`,
  );
  console.log(stripVTControlCharacters(tail).replace(/^/gm, '    '));
  entry = {
    args: [...serverNodeOptions, 'bench/server-entry.mjs'],
    fallback: true,
    note:
      'FALLBACK: the web build fails, so this times bench/server-entry.mjs (= scripts/start.mjs without its ' +
      'web-build check; no web app served) instead of `node scripts/start.mjs`',
  };
  return entry;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const ms = (value) => `${value.toFixed(0)} ms`;

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

/** p50 and p95 (nearest rank) of a list of timings. */
export const stats = (values) => ({ p50: percentile(values, 0.5), p95: percentile(values, 0.95) });

export const f1 = (value) => value.toFixed(1);
export const f2 = (value) => value.toFixed(2);
export const count = (value) => value.toLocaleString('en-US');
export const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** mulberry32: small, fast, and the same data on every run. */
export function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = (random, values) => values[Math.floor(random() * values.length)];

// ---------------------------------------------------------------------------------------------------------
// The real server and its API

/** What the bench users sign up and in with. */
export const BENCH_PASSWORD = 'correct horse battery staple';

/**
 * `node scripts/start.mjs` (or serverEntry's fallback) on PostgreSQL at `databaseUrl`, which applies the
 * migrations; `authSecret` is a bench-only value (the signing keys live in the database); `env` adds or
 * overrides settings (two instances behind one load balancer share PUBLIC_URL).
 */
export async function startApiServer({ dataDir, databaseUrl, authSecret, env = {} }) {
  const entry = serverEntry();
  const port = await freePort();
  const started = startChild(entry.args, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: authSecret,
    AUTH_RATE_LIMIT_MAX: '100000',
    LOG_REQUESTS: 'false',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/api/health`, started);
  return { started, port, base, entry };
}

/**
 * A bench's first server on a fresh database: drops `database` if a previous run left it (it is the bench's)
 * and creates it empty with `admin` (a statement on the maintenance database), makes a temporary DATA_DIR,
 * and starts the server reaching PostgreSQL through the statement-counting proxy; the server applies the
 * migrations. Fills `state` (dataDir, proxy, server) as it goes, so the bench's cleanup finds what started.
 */
export async function startOnFreshDatabase(state, { admin, database, authSecret, pgPort = 5432 }) {
  console.log(`\nFresh database "${database}" on 127.0.0.1:${pgPort}.`);
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${database}"`);
  state.dataDir = await mkdtemp(join(tmpdir(), `${database.replaceAll('_', '-')}-`));
  state.proxy = await startStatementProxy(pgPort);
  const databaseUrl = `postgres://postgres@127.0.0.1:${state.proxy.port}/${database}`;
  state.server = await startApiServer({ dataDir: state.dataDir, databaseUrl, authSecret });
  console.log(
    `Server 1 (seed and statement counts): node ${state.server.entry.args.join(' ')}; ${state.server.entry.note}; ` +
      `through a counting proxy on :${state.proxy.port}; migrations applied.`,
  );
}

/** A `pg` connection configured like the server's pool (apps/server/src/db/client.ts): for the raw SQL. */
export async function connectLikeServer(databaseUrl, applicationName) {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: applicationName,
    options: '-c plan_cache_mode=force_custom_plan',
  });
  await client.connect();
  return client;
}

/** An API call with fetch, for seeding (not timed): JSON in and out. */
export async function call(base, path, { method = 'GET', headers = {}, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

export function expectStatus(response, status, what) {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status}: ${response.text.slice(0, 500)}`);
  }
}

export const cookieOf = (response) =>
  response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');

/** The bearer token's subject: the user and the sign-in session, the membership statement's parameters. */
export function subjectOf(authorization) {
  const payload = JSON.parse(Buffer.from(authorization.split('.')[1], 'base64url').toString('utf8'));
  return { userId: payload.sub, sessionId: payload.sid };
}

export async function signUp(server, email, firstName, lastName) {
  const response = await call(server.base, '/api/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: `http://localhost:${server.port}` },
    body: { email, password: BENCH_PASSWORD, firstName, lastName },
  });
  expectStatus(response, 200, `sign-up ${email}`);
  const token = await call(server.base, '/api/auth/token', { headers: { cookie: cookieOf(response) } });
  expectStatus(token, 200, 'GET /api/auth/token');
  return { id: response.json().user.id, authorization: `Bearer ${token.json().token}` };
}

export async function post(server, authorization, path, body, status = 201) {
  const response = await call(server.base, `/api${path}`, {
    method: 'POST',
    headers: { authorization },
    body,
  });
  expectStatus(response, status, `POST ${path}`);
  return response.json();
}

/** `samples` GETs of `url` answered 200 (after min(warmup, 100) unrecorded), sequential, kept alive. */
export async function timeGets(url, headers, samples, warmup) {
  const times = [];
  for (let round = -Math.min(warmup, 100); round < samples; round += 1) {
    const t0 = performance.now();
    const response = await httpGet(url, headers);
    const ms = performance.now() - t0;
    expectStatus(response, 200, url);
    if (round >= 0) times.push(ms);
  }
  return stats(times);
}

// ---------------------------------------------------------------------------------------------------------
// An endpoint next to its raw SQL

/** A GET of a list over the kept-alive connection, answered 200: its time (ms), size and parsed body. */
export async function timeListRequest(server, path, authorization) {
  const t0 = performance.now();
  const response = await httpGet(`${server.base}${path}`, { authorization });
  const ms = performance.now() - t0;
  expectStatus(response, 200, `GET ${path}`);
  return { ms, bytes: Buffer.byteLength(response.text), body: JSON.parse(response.text) };
}

/** Recorded statements one after the other on one `pg` connection: each one's result and time (ms). */
export async function runStatements(client, statements) {
  const results = [];
  const times = [];
  for (const statement of statements) {
    const t0 = performance.now();
    results.push(await client.query(statement));
    times.push(performance.now() - t0);
  }
  return { results, times };
}

/**
 * `rounds` rounds; round i runs, for variant i mod n of every call, `time('endpoint', variant)` and
 * `time('raw', variant)` — all of them one after the other, starting with a different one each round, so none
 * always finds the others' pages in cache or the CPUs just freed. A call with `every: k` runs only in every
 * k-th round (a heavy call in a bench that must end in time; k coprime with its number of variants, so all
 * take turns). Returns, per call key, one { variant, endpoint, raw } of answers per round the call ran in.
 */
export async function interleavedRounds(calls, rounds, time) {
  const results = new Map(calls.map((c) => [c.key, []]));
  const timers = calls.flatMap((c) => [
    [c, 'endpoint'],
    [c, 'raw'],
  ]);
  const runs = (c, round) => round % (c.every ?? 1) === 0;
  for (let round = 0; round < rounds; round += 1) {
    const timed = new Map();
    for (let k = 0; k < timers.length; k += 1) {
      const [c, kind] = timers[(round + k) % timers.length];
      if (!runs(c, round)) continue;
      timed.set(`${c.key}:${kind}`, await time(kind, c.variants[round % c.variants.length]));
    }
    for (const c of calls) {
      if (!runs(c, round)) continue;
      results.get(c.key).push({
        variant: c.variants[round % c.variants.length],
        endpoint: timed.get(`${c.key}:endpoint`),
        raw: timed.get(`${c.key}:raw`),
      });
    }
  }
  return results;
}

/**
 * The endpoint-vs-raw table: per call its label, `r.counted` (what the answers held, under `countHead`), the
 * median response size, p50/p95 of both, the p95 ratio and PASS/FAIL against `target`; then `note`, and the
 * raw time split by statement (`r.split`: [name, times] pairs). `results` maps a call's key to
 * { endpoint, raw, bytes, counted, split }. Returns each call's { c, pass, ratio }.
 */
export function printRatioTable(calls, results, { countHead, target, note }) {
  const head =
    `${'call'.padEnd(42)}${countHead.padStart(12)}${'JSON KB'.padStart(9)}${'endpoint p50'.padStart(14)}` +
    `${'p95'.padStart(7)}${'raw SQL p50'.padStart(13)}${'p95'.padStart(7)}${'p95 ratio'.padStart(11)}   verdict`;
  console.log(head);
  console.log('-'.repeat(head.length + 6));
  const verdicts = [];
  for (const c of calls) {
    const r = results.get(c.key);
    const endpoint = stats(r.endpoint);
    const raw = stats(r.raw);
    const ratio = endpoint.p95 / raw.p95;
    const pass = ratio <= target;
    verdicts.push({ c, pass, ratio });
    console.log(
      `${c.label.padEnd(42)}${r.counted.padStart(12)}${f1(median(r.bytes) / 1024).padStart(9)}` +
        `${f1(endpoint.p50).padStart(14)}${f1(endpoint.p95).padStart(7)}${f1(raw.p50).padStart(13)}` +
        `${f1(raw.p95).padStart(7)}${f2(ratio).padStart(11)}   ` +
        `${pass ? 'PASS' : `FAIL (p95 > ${target} × raw = ${f1(target * raw.p95)} ms)`}`,
    );
  }
  console.log(note);
  console.log('\nRaw SQL split:');
  const names = results.get(calls[0].key).split.map(([name]) => name);
  console.log(
    `${'call'.padEnd(42)}${names.map((name) => `${`${name} p50`.padStart(name.length + 6)}${'p95'.padStart(7)}`).join('')}`,
  );
  for (const c of calls) {
    const cells = results.get(c.key).split.map(([name, times]) => {
      const s = stats(times);
      return `${f1(s.p50).padStart(name.length + 6)}${f1(s.p95).padStart(7)}`;
    });
    console.log(`${c.label.padEnd(42)}${cells.join('')}`);
  }
  return verdicts;
}

// ---------------------------------------------------------------------------------------------------------
// Statements per call, on the wire

/**
 * A TCP proxy to PostgreSQL that reads what clients send (the frontend side of the wire protocol) and passes
 * every byte through unchanged. It records each statement executed on the server's pool connections — the
 * ones whose startup `options` carry plan_cache_mode, as apps/server/src/db/client.ts sets; pg-boss's own
 * connections do not — as { name, text, values }: an Execute (after Parse/Bind) or a simple Query.
 * `allConnections`: record every connection's statements (pg-boss's too).
 */
export async function startStatementProxy(pgPort = 5432, { allConnections = false } = {}) {
  const statements = [];
  const sockets = new Set();
  const cstring = (body, at) => {
    const end = body.indexOf(0, at);
    return [body.toString('utf8', at, end), end + 1];
  };
  const handle = (conn, type, body) => {
    if (type === 'P') {
      const [name, at] = cstring(body, 0);
      conn.prepared.set(name, cstring(body, at)[0]);
    } else if (type === 'B') {
      const [, at] = cstring(body, 0);
      const [name, next] = cstring(body, at);
      let p = next + 2 + 2 * body.readInt16BE(next);
      const values = new Array(body.readInt16BE(p));
      p += 2;
      for (let i = 0; i < values.length; i += 1) {
        const length = body.readInt32BE(p);
        p += 4;
        values[i] = length < 0 ? null : body.toString('utf8', p, p + length);
        p += Math.max(length, 0);
      }
      conn.bound = { name, values };
    } else if (type === 'E' && conn.app) {
      const name = conn.bound?.name ?? '';
      statements.push({ name, text: conn.prepared.get(name), values: conn.bound?.values ?? [] });
    } else if (type === 'Q' && conn.app) {
      statements.push({ name: '(simple query)', text: cstring(body, 0)[0], values: [] });
    }
  };
  const read = (conn, chunk) => {
    const buffer = conn.rest.length ? Buffer.concat([conn.rest, chunk]) : chunk;
    let at = 0;
    for (;;) {
      if (!conn.started) {
        if (buffer.length - at < 8) break;
        const length = buffer.readInt32BE(at);
        if (buffer.length - at < length) break;
        const code = buffer.readInt32BE(at + 4);
        // 80877103/4: SSL/GSS request (pg asks neither here); 80877102: a cancel request.
        if (code !== 80877103 && code !== 80877104 && code !== 80877102) {
          conn.started = true;
          conn.app =
            allConnections || buffer.toString('utf8', at + 8, at + length).includes('plan_cache_mode');
        }
        at += length;
        continue;
      }
      if (buffer.length - at < 5) break;
      const length = buffer.readInt32BE(at + 1);
      if (buffer.length - at < 1 + length) break;
      handle(conn, String.fromCharCode(buffer[at]), buffer.subarray(at + 5, at + 1 + length));
      at += 1 + length;
    }
    conn.rest = Buffer.from(buffer.subarray(at));
  };
  const server = createServer((client) => {
    const upstream = netConnect(pgPort, '127.0.0.1');
    const conn = { started: false, app: false, rest: Buffer.alloc(0), prepared: new Map(), bound: null };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => read(conn, chunk));
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: server.address().port,
    statements,
    take: () => statements.splice(0, statements.length),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An instant as the server sends one (`Date#toISOString`): its clock's now, never the recording's. */
const isInstant = (value) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value);
const sameValue = (sent, recorded) => {
  if (recorded === null || recorded === undefined) return sent === null;
  if (isInstant(recorded)) return isInstant(sent);
  return sent === String(recorded);
};

/** A statement's name on the wire; an unnamed one, or a simple query, by its first words. */
export function statementLabel(statement) {
  const words = statement.text.replace(/\s+/g, ' ').slice(0, 30);
  if (statement.name === '(simple query)') return `simple query "${words}"`;
  return statement.name || `unnamed "${words}…"`;
}

/**
 * The statements that open, name and close an organization's request transaction (row-level security,
 * decision 019), and the plan mode set around a statement: counted on the wire like any other, but not the
 * endpoint's own SQL to compare or EXPLAIN.
 */
export function isTransactionFrame(statement) {
  return (
    /^\s*(begin|commit|rollback)\b|set_config\('app\.organization_id'|set_config\(\$1/i.test(
      statement.text,
    ) || isPlanMode(statement)
  );
}

/** The plan mode set around a statement planned once per connection (db/prepared.ts, `withGenericPlan`). */
export const isPlanMode = (statement) => /^\s*set local plan_cache_mode\b/i.test(statement.text);

/** What `requests` requests sent: statements per request, and per request by name in order of first use. */
export function tallyStatements(seen, requests) {
  const byName = new Map();
  for (const statement of seen) {
    const name = statementLabel(statement);
    byName.set(name, (byName.get(name) ?? 0) + 1);
  }
  const per = (n) => Number((n / requests).toFixed(2));
  return {
    perRequest: per(seen.length),
    breakdown: [...byName].map(([name, n]) => `${name} ×${per(n)}`).join(', '),
  };
}

/**
 * Statements per call, on the wire: each call's GET (`path`) `requests` times, after 3 unrecorded, on a
 * server whose pool reaches PostgreSQL through `proxy`. Per call: the statements per request by name and the
 * items the answer listed; overall: whether the texts the server sent are byte-identical to `statements`
 * (what the raw SQL runs, but the membership statement, which the server answers from its cache; none
 * missing, none more) and the values the same.
 */
export async function countStatements(server, proxy, authorization, calls, requests = 20) {
  const lines = [];
  let textsMatch = true;
  let valuesMatch = true;
  /** What made the texts differ, by call: a statement sent but not recorded, or recorded but not sent. */
  const differences = [];
  for (const { label, path, statements } of calls) {
    for (let i = 0; i < 3; i += 1) await httpGet(`${server.base}${path}`, { authorization });
    await sleep(50);
    proxy.take();
    let items = 0;
    for (let i = 0; i < requests; i += 1) {
      const response = await httpGet(`${server.base}${path}`, { authorization });
      expectStatus(response, 200, path);
      items = JSON.parse(response.text).items.length;
    }
    await sleep(50);
    const seen = proxy.take();
    const recordedTexts = new Set(statements.map((statement) => statement.text));
    const unrecorded = seen.filter(
      (statement) => !isTransactionFrame(statement) && !recordedTexts.has(statement.text),
    );
    if (unrecorded.length) textsMatch = false;
    for (const statement of new Set(unrecorded.map(statementLabel)))
      differences.push(`${label}: sent, not recorded: ${statement}`);
    for (const recorded of statements) {
      // The server reads a membership it holds from its cache (decision 018, "The membership cache"): after
      // the unrecorded requests the membership statement is not on the wire, and is not looked for there.
      if (recorded.name === 'load_membership') continue;
      // An unnamed statement without parameters goes out as a simple query (pg's choice, not the server's).
      const sentAs = (statement) =>
        statement.name === (recorded.name ?? '') || (!recorded.name && statement.name === '(simple query)');
      const last = seen.filter((statement) => sentAs(statement) && statement.text === recorded.text).at(-1);
      if (!last) {
        textsMatch = false;
        differences.push(`${label}: recorded, not sent: ${statementLabel(recorded)}`);
        continue;
      }
      const sameValues =
        last.values.length === recorded.values.length &&
        last.values.every((value, i) => sameValue(value, recorded.values[i]));
      if (!sameValues) valuesMatch = false;
    }
    lines.push({ label, items, ...tallyStatements(seen, requests) });
  }
  return { lines, textsMatch, valuesMatch, differences, requests };
}

// ---------------------------------------------------------------------------------------------------------
// EXPLAIN

/** EXPLAIN (ANALYZE, BUFFERS) of a recorded statement, unnamed with its values: the custom plan. */
export async function explain(client, statement) {
  const { rows } = await client.query({
    text: `explain (analyze, buffers) ${statement.text}`,
    values: statement.values,
  });
  return rows.map((row) => row['QUERY PLAN']);
}

/** What matters in a plan: how each table is read, the joins, and the estimate against the actual rows. */
export function planSummary(lines) {
  const picked = [];
  for (const line of lines) {
    const node = line.replace(/^\s*(->\s*)?/, '');
    const scan =
      /^((?:Parallel )?(?:Index Only Scan Backward|Index Only Scan|Index Scan Backward|Index Scan|Bitmap Heap Scan|Bitmap Index Scan|Seq Scan))( using (\S+))? on (\S+)/.exec(
        node,
      );
    const rows = /rows=(\d+) width=\d+\) \(actual time=[\d.]+\.\.[\d.]+ rows=(\d+) loops=(\d+)/.exec(node);
    const estimate = rows ? ` (est ${rows[1]} rows, actual ${rows[2]} × ${rows[3]} loops)` : '';
    if (scan) picked.push(`${scan[1]}${scan[3] ? ` ${scan[3]}` : ''} on ${scan[4]}${estimate}`);
    else if (
      /^(Nested Loop|Hash Join|Merge Join)|^(Sort|Incremental Sort|Limit|Aggregate|Finalize GroupAggregate|Partial HashAggregate|Gather Merge|Gather|HashAggregate|GroupAggregate) {2}\(/.test(
        node,
      )
    )
      picked.push(`${node.split('  ')[0]}${estimate}`);
  }
  const execution = lines.find((line) => line.startsWith('Execution Time'));
  const planning = lines.find((line) => line.startsWith('Planning Time'));
  return { picked, time: `${planning ?? ''}; ${execution ?? ''}` };
}

export function printPlan(title, lines, full) {
  const summary = planSummary(lines);
  console.log(`\n--- ${title}`);
  if (full) console.log(lines.map((line) => `    ${line}`).join('\n'));
  console.log(`    => ${summary.picked.join('\n       ')}\n       ${summary.time}`);
  return summary;
}

/**
 * A bench's pass/fail checks: each printed as it is made; `fail` records a thrown error; `finish` exits 1 when any
 * check failed (CI runs the small modes), else 0.
 */
export function createChecks() {
  const failures = [];
  return {
    check(ok, what) {
      console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
      if (!ok) failures.push(what);
    },
    fail(error) {
      console.error(error);
      failures.push(String(error));
    },
    finish() {
      if (failures.length > 0) {
        console.log(`\n${failures.length} failure(s).`);
        process.exit(1);
      }
      console.log('\nAll checks passed.');
      process.exit(0);
    },
  };
}

/** utime + stime of a process, in seconds (Linux /proc); 0 once it is gone. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** A valid CPF per index: nine digits from the index, then the two check digits. */
export function benchCpf(index) {
  const digits = [...String(100_000_000 + index).slice(-9)].map(Number);
  const checkDigit = () => {
    const sum = digits.reduce((total, value, at) => total + value * (digits.length + 1 - at), 0);
    return ((sum * 10) % 11) % 10;
  };
  digits.push(checkDigit());
  digits.push(checkDigit());
  return digits.join('');
}

/**
 * What a bench on a database of its own starts — a server, a proxy, a pg client, an emulator, a data folder — and
 * the clean-up that stops them all, also on Ctrl-C; `dropDatabase` last (the caller skips it under --keep).
 */
export function benchState(dropDatabase) {
  const state = { dataDir: null, server: null, proxy: null, client: null, emulator: null };
  const cleanUp = async () => {
    await state.client?.end().catch(() => {});
    if (state.server) await stopChild(state.server.started, 5000);
    await state.proxy?.close();
    await state.emulator?.close();
    if (state.dataDir) await rm(state.dataDir, { recursive: true, force: true });
    await dropDatabase().catch(() => {});
  };
  onInterrupt(cleanUp);
  return { state, cleanUp };
}
