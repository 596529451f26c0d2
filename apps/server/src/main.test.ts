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
  // A second Node process starts (tsx compiles the server): on a busy machine that alone took 30 s.
  it('says which port is taken and how to choose another, without a stack trace', {
    timeout: 90_000,
  }, async () => {
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

  it('refuses to start on a PostgreSQL server holding sealed secrets without SECRETS_KEY, naming it', async () => {
    const organizationId = randomUUID();
    const sealed = 'v1.0123456789ab.aXY.Y2lwaGVy.dGFnLXRhZy10YWctdGFn';
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, database) });
    await client.connect();
    try {
      await client.query('insert into organizations (id, name) values ($1, $2)', [organizationId, 'Studio']);
      await client.query(
        `insert into pix_psp_connections (organization_id, preset, environment, base_url, token_url, scopes,
           client_id, client_secret_sealed, certificate_format, certificate_sealed, certificate_subject,
           certificate_expires_at, pix_key, charge_days_ahead, fine_basis_points, interest_basis_points_monthly,
           webhook_secret_sealed, webhook_secret_rotated_at)
         values ($1, 'CUSTOM', 'PRODUCTION', 'https://pix.example.com', 'https://pix.example.com/token', '',
           'client', $2, 'PEM', $2, 'CN=Studio', now() + interval '1 year', '12345678000195', 5, 200, 100, $2, now())`,
        [organizationId, sealed],
      );
    } finally {
      await client.end();
    }
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: withDatabase(serverUrl, database),
        AUTH_SECRET: 'a-secret-that-is-long-enough-for-better-auth',
        SECRETS_KEY: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('SECRETS_KEY is not set, but the database holds encrypted secrets');
  }, 120_000);
});
