// Shared helpers for the bench scripts: free ports, starting and stopping child processes (and making sure
// none outlives the script), waiting for the server's health answer, and small statistics.
import { spawn, spawnSync } from 'node:child_process';
import { Agent, get } from 'node:http';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { webBuildReason } from '../scripts/build-web.mjs';

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
 * GET over one kept-alive connection per server with Node's own HTTP client; resolves with the status and
 * the whole body. For timing requests: fetch (undici) adds about 0.2 ms of its own per request here (a
 * Request, Headers, streams, an AbortSignal), a cost of the client and not of the server being measured.
 */
export function httpGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: keepAlive, headers, timeout: 30_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url}: no answer in 30 s`)));
    request.on('error', reject);
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
 * Starts `node <args>` from the repo root, detached in its own process group, output kept (last 64 KB)
 * for error messages. `exited` resolves with { code, signal } when it ends.
 */
export function startChild(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: root,
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
    entry = { args: ['scripts/start.mjs'], fallback: false, note: 'web build present and up to date' };
    return entry;
  }
  console.log(`Building the web app before timing (${reason}): npm run build -w @reformer/web`);
  const build = spawnSync('npm', ['run', 'build', '-w', '@reformer/web'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (build.status === 0) {
    entry = { args: ['scripts/start.mjs'], fallback: false, note: `web app built before timing (${reason})` };
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
    args: ['bench/server-entry.mjs'],
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
