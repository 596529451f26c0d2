import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/http.ts';
import { createCustomer, createOrganization, createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { capturedLog } from './captured-log.ts';
import type { LogLevel } from './logger.ts';
import { observeRequests } from './request-observer.ts';

const log = capturedLog('info');
let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp({}, { logger: log.logger });
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
});
afterAll(() => t.close());

/** The lines written while `action` ran. */
async function linesOf(action: () => Promise<unknown>) {
  const before = log.raw.length;
  await action();
  return { raw: log.raw.slice(before).join(''), lines: log.lines().slice(before) };
}

/** A small app with the observer and the error handler, and routes the real one must not have. */
function appLogging(level: LogLevel, isStopping = () => false) {
  const captured = capturedLog(level);
  const app = new Hono<AppEnv>();
  app.use('*', ...observeRequests({ logger: captured.logger, isStopping }));
  app.get('/api/fine', (c) => c.json({ fine: true }));
  app.get('/api/health', (c) => c.json({ status: 'healthy' }));
  app.get('/api/organizations/:orgId/broken', () => {
    throw new Error('a bug, with its stack');
  });
  app.onError(handleError);
  return { app, captured };
}

describe('the request log', () => {
  it("writes one line per request: the route's template, status, duration, organization and the id it answers with", async () => {
    const customer = await createCustomer(t, owner, organizationId, { firstName: 'Fulana', lastName: 'Tal' });
    let answer: Awaited<ReturnType<TestApp['request']>> | undefined;
    const { raw, lines } = await linesOf(async () => {
      answer = await t.request('GET', `/organizations/${organizationId}/customers/${customer.id}`, {
        token: owner.token,
      });
    });
    expect(answer?.status).toBe(200);
    expect(lines).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        msg: 'request',
        requestId: answer?.headers.get('x-request-id'),
        method: 'GET',
        route: '/api/organizations/:orgId/customers/:customerId',
        status: 200,
        durationMs: expect.any(Number),
        organizationId,
      },
    ]);
    expect(raw).not.toContain(customer.id);
    expect(raw).not.toContain('Fulana');
  });

  it('never writes a query string, an e-mail, a token or a webhook secret of a path', async () => {
    const secret = `secret-${randomUUID()}`;
    const { raw, lines } = await linesOf(async () => {
      await t.request('GET', `/organizations/${organizationId}/customers?search=Fulana`, {
        token: owner.token,
      });
      await createUser(t, { email: 'bia.lima@example.com', firstName: 'Bia' });
      // The call a PSP makes to the registered URL itself, with a secret that is not the organization's.
      const webhook = await t.request('POST', `/pix-webhooks/${organizationId}/${secret}`);
      expect(webhook.status).toBe(404);
    });
    expect(lines.map((line) => line.route)).toEqual([
      '/api/organizations/:orgId/customers',
      '/api/auth/*',
      '/api/auth/*',
      '/api/pix-webhooks/:orgId/:secret',
    ]);
    for (const personal of ['Fulana', 'search', 'bia.lima', 'Bia', secret, owner.token]) {
      expect(raw).not.toContain(personal);
    }
  });

  it('answers with the id in X-Request-Id and in the error body; a proxy’s plain id is kept, anything else replaced', async () => {
    const fromProxy = await t.request('GET', '/no-such-thing', {
      headers: { 'x-request-id': 'caddy-7f3a-01' },
    });
    expect(fromProxy.status).toBe(401);
    expect(fromProxy.headers.get('x-request-id')).toBe('caddy-7f3a-01');
    expect(fromProxy.body.error.requestId).toBe('caddy-7f3a-01');

    const forged = await t.request('GET', '/no-such-thing', {
      headers: { 'x-request-id': 'x"} injected {"level":"fatal' },
    });
    const id = forged.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(forged.body.error.requestId).toBe(id);

    // better-auth's own answers, reshaped into the one error shape, carry it too.
    const signIn = await t.request('POST', '/auth/sign-in/email', {
      body: { email: 'nobody@example.com', password: 'wrong password here' },
    });
    expect(signIn.status).toBe(401);
    expect(signIn.body.error.requestId).toBe(signIn.headers.get('x-request-id'));
  });

  it('logs an unexpected error once, with its stack, under the id its 500 answer carries', async () => {
    const { app, captured } = appLogging('info');
    const orgId = randomUUID();
    const response = await app.request(`/api/organizations/${orgId}/broken`);
    const body = (await response.json()) as { error: unknown };
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id');
    expect(body.error).toEqual({ code: 'INTERNAL_ERROR', message: expect.any(String), requestId });
    const [error, request, ...more] = captured.lines();
    expect(more).toEqual([]);
    expect(error).toMatchObject({
      level: 'error',
      msg: 'unexpected error',
      requestId,
      route: '/api/organizations/:orgId/broken',
      error: expect.stringMatching(/^Error: a bug, with its stack\n\s+at /),
    });
    expect(request).toMatchObject({ level: 'warn', requestId, status: 500, organizationId: orgId });
  });

  it('at LOG_LEVEL=warn writes only problems, and probes only at debug', async () => {
    const quiet = appLogging('warn');
    expect((await quiet.app.request('/api/fine')).status).toBe(200);
    expect((await quiet.app.request('/api/health')).status).toBe(200);
    expect(quiet.captured.raw).toEqual([]);
    expect((await quiet.app.request(`/api/organizations/${randomUUID()}/broken`)).status).toBe(500);
    expect(quiet.captured.lines().map((line) => line.level)).toEqual(['error', 'warn']);

    const chatty = appLogging('debug');
    await chatty.app.request('/api/health');
    expect(chatty.captured.lines()).toMatchObject([{ level: 'debug', route: '/api/health' }]);
  });

  it('closes each connection after its answer once the server stops', async () => {
    let stopping = false;
    const { app } = appLogging('silent', () => stopping);
    expect((await app.request('/api/fine')).headers.get('connection')).toBeNull();
    stopping = true;
    expect((await app.request('/api/fine')).headers.get('connection')).toBe('close');
  });
});
