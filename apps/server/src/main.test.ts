import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_DATABASE, withDatabase } from './test/global-setup.ts';

const serverUrl = inject('serverDatabaseUrl');
const database = `reformer_test_${randomUUID().replaceAll('-', '')}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

beforeAll(() => admin(`create database ${database} template ${TEMPLATE_DATABASE}`));
afterAll(() => admin(`drop database if exists ${database} with (force)`));

describe('starting the server', () => {
  it('says which port is taken and how to choose another, without a stack trace', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: withDatabase(serverUrl, database),
        AUTH_SECRET: 'a-secret-that-is-long-enough-for-better-auth',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    taken.close();
    expect(code).toBe(1);
    expect(output).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(output).toContain('PORT=3001 npm start');
    expect(output).not.toMatch(/^\s+at /m);
  });
});
