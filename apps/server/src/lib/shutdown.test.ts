import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { TEMPLATE_DATABASE, withDatabase } from '../test/global-setup.ts';

// Decision 037: the real server in a process of its own, stopped by SIGTERM with a request in flight.
const main = fileURLToPath(new URL('../main.ts', import.meta.url));
const serverUrl = inject('serverDatabaseUrl');
const database = `reformer_test_${randomUUID().replaceAll('-', '')}`;
const dataDirs: string[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

beforeAll(() => admin(`create database ${database} template ${TEMPLATE_DATABASE}`));
afterAll(async () => {
  await admin(`drop database if exists ${database} with (force)`);
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

/** `node main.ts` on `env` (no DATABASE_URL: its own embedded PostgreSQL in a new DATA_DIR). */
async function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reformer-shutdown-'));
  dataDirs.push(dataDir);
  const metricsPort = await freePort();
  const { DATABASE_URL: _, ...environment } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...environment,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_SECRET: 'a-secret-that-is-long-enough-for-better-auth',
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (;;) {
    const port = Number(/listening on http:\/\/localhost:(\d+)/.exec(output)?.[1]);
    if (port) return { child, exited, port, metricsPort, dataDir, output: () => output };
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    await Promise.race([once(child.stdout, 'data'), once(child.stderr, 'data'), once(child, 'exit')]);
  }
}

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * A sign-up whose body arrives in two parts, as from a slow connection: the request is in flight (the
 * server has its headers and waits for the rest) until `finish` sends the second part.
 */
async function beginSlowSignUp(port: number) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const body = JSON.stringify({
    email: `slow-${randomUUID()}@example.com`,
    password: 'correct horse battery',
    firstName: 'Lenta',
    lastName: 'Conexão',
  });
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  socket.write(
    `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://localhost:3000\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`,
  );
  socket.write(bytes.subarray(0, half));
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  const closed = once(socket, 'close').then(() => received);
  return {
    closed,
    finish: () => {
      socket.write(bytes.subarray(half));
      return closed;
    },
  };
}

/** A GET answered over a connection that is then kept open, idle. */
async function idleKeptAliveConnection(port: number) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
  await once(socket, 'data');
  socket.on('error', () => {});
  return once(socket, 'close');
}

async function inFlight(server: Server): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();
  return Number(/^reformer_http_requests_in_flight (\d+)$/m.exec(text)?.[1]);
}

async function untilInFlight(server: Server, count: number) {
  while ((await inFlight(server)) !== count) expect(server.child.exitCode).toBeNull();
}

/** Resolves once a new connection to `port` is refused. */
async function untilRefused(port: number) {
  for (;;) {
    const socket = connect(port, '127.0.0.1');
    // Accepted, refused, or reset: a connection the kernel queued as the server stopped listening.
    const outcome = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('accepted'));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    socket.destroy();
    if (outcome === 'ECONNREFUSED') return;
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('SIGTERM', () => {
  // A second Node process starts (tsx compiles the server) and makes a cluster: 90 s, as main.test.ts.
  it('finishes the request in flight, refuses new connections, closes idle ones, stops PostgreSQL last and exits 0', {
    timeout: 120_000,
  }, async () => {
    const server = await startServer({});
    const postmaster = Number(
      readFileSync(join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    expect(isAlive(postmaster)).toBe(true);
    const idleClosed = idleKeptAliveConnection(server.port);
    const signUp = await beginSlowSignUp(server.port);
    await untilInFlight(server, 1);

    server.child.kill('SIGTERM');
    await untilRefused(server.port);
    await idleClosed;
    const answer = await signUp.finish();

    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/^connection: close\r$/im);
    expect(answer).toContain('"firstName":"Lenta"');
    expect(await server.exited).toBe(0);
    expect(isAlive(postmaster)).toBe(false);
    const log = server.output();
    expect(log).toContain('"msg":"stopping"');
    // Written after the embedded PostgreSQL has stopped: the server stopped it, not its watchdog.
    expect(log).toContain('"msg":"stopped"');
    expect(log).not.toContain('slow-');
  });

  it('serves on for the drain with its readiness false, so a proxy moves away before the port closes', {
    timeout: 120_000,
  }, async () => {
    const server = await startServer({ DATABASE_URL: withDatabase(serverUrl, database) });
    server.child.kill('SIGTERM');
    while (!server.output().includes('"msg":"stopping"')) await once(server.child.stdout, 'data');

    const readiness = await fetch(`http://127.0.0.1:${server.port}/api/health/ready`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ status: 'stopping' });
    // A new connection is still accepted and answered, and the answer closes it.
    const health = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
    await untilRefused(server.port);
    expect(await server.exited).toBe(0);
  });

  it('cuts off a request still running after SHUTDOWN_TIMEOUT_MS, and still exits 0', {
    timeout: 120_000,
  }, async () => {
    const server = await startServer({
      DATABASE_URL: withDatabase(serverUrl, database),
      SHUTDOWN_TIMEOUT_MS: '500',
    });
    const signUp = await beginSlowSignUp(server.port);
    await untilInFlight(server, 1);
    server.child.kill('SIGTERM');

    expect(await signUp.closed).toBe('');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"requests still running were cut off"');
  });
});
