import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Makes better-auth's user insert fail the way a lost race or a constraint would, deterministically.
  await t.database.execute(`
    create function refuse_boom() returns trigger language plpgsql as $$
    begin
      if new.first_name = 'Boomer' then raise exception 'refused by test trigger'; end if;
      return new;
    end $$;
    create trigger refuse_boom before insert on users for each row execute function refuse_boom();`);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

describe('auth logs', () => {
  it('carry no e-mail or name when better-auth reports a failed sign-up insert', async () => {
    const lines: string[] = [];
    for (const method of ['error', 'warn', 'log', 'info', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((arg) => (arg instanceof Error ? `${arg.stack}` : String(arg))).join(' '));
      });
    }
    const response = await t.request('POST', '/auth/sign-up/email', {
      body: {
        email: 'private.person@example.com',
        password: 'long enough password',
        firstName: 'Boomer',
        lastName: 'Secretsurname',
      },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const logged = lines.join('\n');
    expect(logged).toContain('[auth] error');
    expect(logged).not.toMatch(/private\.person|example\.com|Boomer|Secretsurname/);
  });
});
