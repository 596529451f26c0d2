import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../lib/mailer.ts';
import { createUser, exchangeToken, sessionCookie } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const sent: Mail[] = [];
const mailer: Mailer = {
  isConfigured: true,
  send: async (mail) => {
    sent.push(mail);
  },
  health: async () => 'healthy',
};

let t: TestApp;
let withoutEmail: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { mailer });
  withoutEmail = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await withoutEmail.close();
});

const tokenIn = (text: string) => /\/reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? '';

async function waitForMail(to: string): Promise<Mail> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = sent.find((entry) => entry.to === to);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no e-mail to ${to}`);
}

describe('forgot password', () => {
  it('e-mails a one-time link; the new password works, the old one and every session stop', async () => {
    const user = await createUser(t);
    const ask = await t.request('POST', '/auth/request-password-reset', { body: { email: user.email } });
    expect(ask.status).toBe(200);
    const mail = await waitForMail(user.email);
    expect(mail.subject).toContain('Choose a new password');
    expect(mail.subject).toContain('Escolha uma nova senha');
    expect(mail.text).toContain('Alguém (esperamos que você) pediu');
    const token = tokenIn(mail.text);
    expect(mail.text).toContain(`http://localhost:3000/reset-password?token=${token}`);

    const weak = await t.request('POST', '/auth/reset-password', {
      body: { token, newPassword: 'password123' },
    });
    expect(weak.status).toBe(400);
    const reset = await t.request('POST', '/auth/reset-password', {
      body: { token, newPassword: 'lantern meadow quartz' },
    });
    expect(reset.status, reset.text).toBe(200);
    expect((await t.request('GET', '/users/me', { token: user.token })).status).toBe(401);
    const again = await t.request('POST', '/auth/reset-password', {
      body: { token, newPassword: 'another lantern meadow' },
    });
    expect(again.status).toBe(400);

    const oldPassword = await t.request('POST', '/auth/sign-in/email', {
      body: { email: user.email, password: 'correct horse battery' },
    });
    expect(oldPassword.status).toBe(401);
    const signIn = await t.request('POST', '/auth/sign-in/email', {
      body: { email: user.email, password: 'lantern meadow quartz' },
    });
    expect(signIn.status).toBe(200);
    const token2 = await exchangeToken(t, sessionCookie(signIn.headers));
    expect((await t.request('GET', '/users/me', { token: token2 })).status).toBe(200);
  });

  it('answers alike whether or not the account exists', async () => {
    const user = await createUser(t);
    const known = await t.request('POST', '/auth/request-password-reset', { body: { email: user.email } });
    const unknown = await t.request('POST', '/auth/request-password-reset', {
      body: { email: 'nobody-at-all@example.com' },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('tells the sign-in screens whether the server can send e-mail', async () => {
    expect((await t.request('GET', '/public-config')).body.email).toBe(true);
    expect((await withoutEmail.request('GET', '/public-config')).body.email).toBe(false);
  });

  // A second Node process starts (tsx compiles the server): on a busy machine that alone took 30 s.
  it('lets an operator print a working link with npm run reset-password-link when there is no SMTP', {
    timeout: 90_000,
  }, async () => {
    const user = await createUser(withoutEmail);
    const cli = fileURLToPath(new URL('../../../../scripts/reset-password-link.mjs', import.meta.url));
    const run = (email: string) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, [cli, email], {
          env: {
            ...process.env,
            DATABASE_URL: withoutEmail.database.url,
            AUTH_SECRET: withoutEmail.env.AUTH_SECRET,
            PUBLIC_URL: 'http://localhost:3000',
          },
        });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('exit', (code) => resolve({ code, output }));
      });
    const printed = await run(user.email);
    expect(printed.code, printed.output).toBe(0);
    const token = tokenIn(printed.output);
    const reset = await withoutEmail.request('POST', '/auth/reset-password', {
      body: { token, newPassword: 'harbor pencil thunder' },
    });
    expect(reset.status, reset.text).toBe(200);
    const unknown = await run('no-such-person@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account uses no-such-person@example.com');
  });
});
