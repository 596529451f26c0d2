import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'reformer-losing-postgres-'));
const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
// The real server on its embedded PostgreSQL, whatever database the rest of the suite runs on.
const { DATABASE_URL: _, ...environment } = process.env;
const server = spawn(process.execPath, ['--import', 'tsx', main], {
  env: {
    ...environment,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.once('exit', resolve));

afterAll(async () => {
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
});

async function listening(): Promise<string> {
  for (;;) {
    const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) return `http://127.0.0.1:${port}/api`;
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    await new Promise((resolve) => server.stdout.once('data', resolve));
  }
}

const postmasterPid = () =>
  Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function signUp(api: string, name: string) {
  const response = await fetch(`${api}/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({
      email: `${name}@example.com`,
      password: 'correct horse battery',
      firstName: name,
      lastName: 'Test',
    }),
  });
  return { status: response.status, body: await response.json() };
}

describe('the server on its embedded PostgreSQL (issue #27 item 18)', () => {
  // A second Node process starts (tsx compiles the server) and makes a cluster: 90 s, as main.test.ts.
  it('answers 503 while PostgreSQL is killed, starts it again, and serves requests after', {
    timeout: 90_000,
  }, async () => {
    const api = await listening();
    expect((await fetch(`${api}/health`)).status).toBe(200);
    const killed = postmasterPid();
    process.kill(killed, 'SIGKILL');

    // The killed postmaster's backends may still answer for a moment on connections the pool holds.
    let health = await fetch(`${api}/health`);
    while (health.status === 200 && postmasterPid() === killed) health = await fetch(`${api}/health`);
    expect(health.status).toBe(503);
    const write = await signUp(api, 'during');
    expect(write).toMatchObject({ status: 503, body: { error: { code: 'DATABASE_UNAVAILABLE' } } });

    while ((await fetch(`${api}/health`)).status !== 200) expect(server.exitCode).toBeNull();
    expect(postmasterPid()).not.toBe(killed);
    expect((await signUp(api, 'after')).status).toBe(200);
    expect(server.exitCode).toBeNull();
    expect(output).not.toContain('Connection terminated unexpectedly');
  });
});
