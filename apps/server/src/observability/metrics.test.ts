import { todayIn } from '@reformer/domain/time-zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobRunner } from '../jobs/job-runner.ts';
import { recordReceivedPix } from '../modules/pix-charges/received-pix.ts';
import { createCustomer, createOrganization, createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { capturedLog } from './captured-log.ts';
import { metricsText, setLastBackupTime } from './metrics.ts';
import { startMetricsServer } from './metrics-endpoint.ts';
import { observeJobQueues, observePools } from './resource-metrics.ts';

const METRICS_TOKEN = 'a-scraper-token-of-some-length';
let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
});
afterAll(() => t.close());

/** The value of the series `name` whose labels include `labels`, in the exposition text; 0 when absent. */
function valueIn(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

async function scraped(name: string, labels: Record<string, string> = {}) {
  return valueIn((await metricsText()).body, name, labels);
}

/** Polls `read` until `isReached` (a job's run is counted a moment after the call that queued it). */
async function until(read: () => Promise<number>, isReached: (value: number) => boolean) {
  for (let value = await read(); ; value = await read()) {
    if (isReached(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const scrape = (authorization?: string) =>
  t.app.request('/metrics', { headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('counts each answer by method, route template and status, times it, and names no organization or row', async () => {
    const customer = await createCustomer(t, owner, organizationId, { firstName: 'Fulana', lastName: 'Tal' });
    const route = '/api/organizations/:orgId/customers/:customerId';
    const labels = { method: 'GET', route, status: '200' };
    const before = await scraped('reformer_http_requests_total', labels);
    const read = await t.request('GET', `/organizations/${organizationId}/customers/${customer.id}`, {
      token: owner.token,
    });
    expect(read.status).toBe(200);

    const response = await scrape(`Bearer ${METRICS_TOKEN}`);
    const text = await response.text();
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(valueIn(text, 'reformer_http_requests_total', labels)).toBe(before + 1);
    const timed = { method: 'GET', route, status_class: '2xx' };
    expect(valueIn(text, 'reformer_http_request_duration_seconds_count', timed)).toBeGreaterThanOrEqual(1);
    expect(valueIn(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    for (const id of [organizationId, customer.id, owner.id]) expect(text).not.toContain(id);
  });

  it('on the main port, answers only a bearer of METRICS_TOKEN; without the setting it is not there', async () => {
    for (const authorization of [undefined, 'Bearer wrong', METRICS_TOKEN, `Bearer ${METRICS_TOKEN}x`]) {
      const refused = await scrape(authorization);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    }
    const untokened = await createTestApp();
    try {
      expect((await untokened.app.request('/metrics')).status).toBe(404);
    } finally {
      await untokened.close();
    }
  });

  it('on METRICS_PORT, answers anyone who reaches it, and only that path', async () => {
    const server = await startMetricsServer('127.0.0.1', 0, capturedLog().logger);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE reformer_http_requests_total counter');
      expect((await fetch(`${base}/api/health`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('what the metrics report', () => {
  it("reports the pools' connections, and how long requests waited for one", async () => {
    const stop = observePools(() => t.database.poolStats());
    try {
      const main = { pool: 'main' };
      const [handedBefore, secondsBefore] = [
        await scraped('reformer_db_pool_acquisitions_total', main),
        await scraped('reformer_db_pool_acquire_seconds_total', main),
      ];
      // Twelve 50 ms statements at once on a pool of ten: two wait for one of the first ten to finish.
      await Promise.all(Array.from({ length: 12 }, () => t.database.execute('select pg_sleep(0.05)')));
      expect(await scraped('reformer_db_pool_max_connections', main)).toBe(10);
      expect(await scraped('reformer_db_pool_connections', main)).toBe(10);
      expect(await scraped('reformer_db_pool_idle_connections', main)).toBe(10);
      expect(await scraped('reformer_db_pool_waiting_requests', main)).toBe(0);
      expect(await scraped('reformer_db_pool_acquisitions_total', main)).toBe(handedBefore + 12);
      const waited = (await scraped('reformer_db_pool_acquire_seconds_total', main)) - secondsBefore;
      expect(waited).toBeGreaterThanOrEqual(0.1);
      expect(await scraped('reformer_db_pool_max_connections', { pool: 'tenant' })).toBe(10);
    } finally {
      stop();
    }
  });

  it('counts job runs by result, and the jobs waiting, running and failed in each queue', async () => {
    let runs = 0;
    const runner = await startJobRunner(t.database, [
      {
        name: 'test.metrics-fails',
        run: async () => {
          runs += 1;
          throw new Error('fails on purpose');
        },
      },
    ]);
    const stop = observeJobQueues(() => runner.queueCounts());
    try {
      await runner.send('test.metrics-fails', {});
      const failed = { job: 'test.metrics-fails', result: 'failed' };
      await until(
        () => scraped('reformer_job_runs_total', failed),
        (value) => value >= 1,
      );
      expect(runs).toBeGreaterThanOrEqual(1);
      const counts = await runner.queueCounts();
      expect(counts.map((count) => count.state)).toEqual(['created', 'retry', 'active', 'failed']);
      // The one job, which never completes, is in one of them: waiting to be retried, retried, or failed.
      expect(counts.reduce((sum, count) => sum + count.count, 0)).toBe(1);
      const states = ['created', 'retry', 'active', 'failed'];
      const scrapedCounts = await Promise.all(
        states.map((state) => scraped('reformer_job_queue_jobs', { job: 'test.metrics-fails', state })),
      );
      expect(scrapedCounts.reduce((sum, count) => sum + count, 0)).toBe(1);
    } finally {
      stop();
      await runner.stop();
    }
  }, 30_000);

  it('counts webhook calls accepted or refused, and each Pix by what recording it did', async () => {
    const refusedBefore = await scraped('reformer_pix_webhook_calls_total', { outcome: 'refused' });
    expect((await t.request('POST', `/pix-webhooks/${organizationId}/not-the-secret`)).status).toBe(404);
    expect(await scraped('reformer_pix_webhook_calls_total', { outcome: 'refused' })).toBe(refusedBefore + 1);

    const unmatched = { source: 'webhook', outcome: 'unmatched' };
    const duplicate = { source: 'webhook', outcome: 'duplicate' };
    const [unmatchedBefore, duplicateBefore] = [
      await scraped('reformer_pix_received_total', unmatched),
      await scraped('reformer_pix_received_total', duplicate),
    ];
    const pix = {
      endToEndId: 'E1234567820261126120000000000001',
      valor: '10.00',
      horario: new Date().toISOString(),
    };
    expect(await recordReceivedPix(t.db, organizationId, pix, 'WEBHOOK', new Date())).toBe('UNMATCHED');
    expect(await recordReceivedPix(t.db, organizationId, pix, 'WEBHOOK', new Date())).toBe('DUPLICATE');
    expect(await scraped('reformer_pix_received_total', unmatched)).toBe(unmatchedBefore + 1);
    expect(await scraped('reformer_pix_received_total', duplicate)).toBe(duplicateBefore + 1);
  });

  it('counts each message sent by channel and result', async () => {
    const birthdays = `/organizations/${organizationId}/events/birthdays`;
    const config = await t.request('PUT', `/organizations/${organizationId}/events/config/birthdays`, {
      token: owner.token,
      body: {
        enabled: true,
        timing: 'ON_DAY',
        days: 0,
        sendTime: '08:00',
        channels: ['WHATSAPP'],
        template: 'Parabéns!',
      },
    });
    expect(config.status, config.text).toBe(200);
    const today = todayIn('America/Sao_Paulo');
    const customer = await createCustomer(t, owner, organizationId, {
      firstName: 'Cora',
      lastName: 'Lima',
      dateOfBirth: `1990-${today.slice(5)}`,
      phone: '+5511987654321',
    });
    const sent = { channel: 'whatsapp', result: 'sent' };
    const before = await scraped('reformer_message_deliveries_total', sent);
    const send = await t.request('POST', `${birthdays}/${customer.id}/send`, {
      token: owner.token,
      body: { occasionDate: today, channel: 'WHATSAPP' },
    });
    expect(send.status, send.text).toBe(201);
    expect(await scraped('reformer_message_deliveries_total', sent)).toBe(before + 1);
  });

  // Not "NaN before": the registry is the process's, and another test file in this worker may have reported a
  // backup already.
  it("reports the last backup's time and age once the backups report one", async () => {
    setLastBackupTime(new Date(Date.now() - 3_600_000));
    const text = (await metricsText()).body;
    expect(valueIn(text, 'reformer_backup_last_success_timestamp_seconds')).toBeCloseTo(
      Date.now() / 1000 - 3600,
      -1,
    );
    expect(valueIn(text, 'reformer_backup_age_seconds')).toBeGreaterThanOrEqual(3600);
    expect(valueIn(text, 'reformer_backup_age_seconds')).toBeLessThan(3660);
  });
});
