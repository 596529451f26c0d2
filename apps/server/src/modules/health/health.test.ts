import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartingApp } from '../../lib/starting-app.ts';
import { capturedLog } from '../../observability/captured-log.ts';
import { createReadiness } from '../../observability/readiness.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operations endpoints', () => {
  it('reports the database healthy and unconfigured services as not_configured', async () => {
    const response = await t.request('GET', '/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'healthy',
      services: { database: 'healthy', email: 'not_configured', jobs: 'not_configured' },
    });
  });

  it('reports 503 and unhealthy when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.request('GET', '/health');
    expect(response.status).toBe(503);
    expect(response.body.services.database).toBe('unhealthy');
    expect(response.body.status).toBe('unhealthy');
  });

  it('says ready while serving with its database, and not ready once stopping or without its database', async () => {
    expect(await t.request('GET', '/health/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    const stopping = await createTestApp();
    stopping.readiness.stopping();
    expect(await stopping.request('GET', '/health/ready')).toMatchObject({
      status: 503,
      body: { status: 'stopping' },
    });
    // Alive still: a load balancer stops sending requests, nothing should restart the process.
    expect((await stopping.request('GET', '/health')).status).toBe(200);
    await stopping.close();
    const databaseGone = await createTestApp();
    await databaseGone.database.close();
    expect(await databaseGone.request('GET', '/health/ready')).toMatchObject({
      status: 503,
      body: { status: 'database_unavailable' },
    });
  });

  it('while starting, says why it is not ready and answers everything else 503 SERVER_STARTING', async () => {
    const readiness = createReadiness();
    const starting = createStartingApp(capturedLog('silent').logger, readiness);
    const ready = async () => {
      const response = await starting.request('/api/health/ready');
      return { status: response.status, body: await response.json() };
    };
    expect(await ready()).toEqual({ status: 503, body: { status: 'starting' } });
    readiness.migrating();
    expect(await ready()).toEqual({ status: 503, body: { status: 'migrating' } });
    for (const path of ['/api/health', '/api/organizations/me', '/']) {
      const response = await starting.request(path);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      const body = (await response.json()) as { error: { code: string; requestId: string } };
      expect(body.error.code).toBe('SERVER_STARTING');
      expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    }
    readiness.stopping();
    readiness.serving({ execute: async () => {} });
    expect(await ready()).toEqual({ status: 503, body: { status: 'stopping' } });
  });

  it('serves the OpenAPI document with every route of the spec and a docs page', async () => {
    const document = await t.request('GET', '/openapi.json');
    expect(document.status).toBe(200);
    const paths = Object.keys(document.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/users/me',
        '/organizations/me',
        '/organizations',
        '/organizations/{orgId}',
        '/organizations/{orgId}/leave',
        '/auth/profile/access',
        '/health',
        '/health/ready',
      ]),
    );
    const docs = await t.request('GET', '/docs');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('/api/docs/start.js');
    expect((await t.request('GET', '/docs/start.js')).text).toContain('/api/openapi.json');
  });

  it('asks for a token on any path not known to be public, then answers unknown paths with 404', async () => {
    const anonymous = await t.request('GET', '/no-such-thing');
    expect(anonymous.status).toBe(401);
    const user = await createUser(t);
    const response = await t.request('GET', '/no-such-thing', { token: user.token });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });

  it('says whether hosted sign-in is offered', async () => {
    const response = await t.request('GET', '/public-config');
    expect(response.body).toEqual({ oidc: null, email: false });
  });

  it('answers 413 for an oversized body', async () => {
    const response = await t.request('POST', '/organizations', {
      body: { name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
