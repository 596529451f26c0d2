import type { ServiceHealth } from '@reformer/domain/health';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { isDatabaseUnavailable } from '../lib/database-errors.ts';
import { countJobRun } from '../observability/metrics.ts';
import type { QueueCount } from '../observability/resource-metrics.ts';
import { type JobDefinition, jobDefinitions } from './job-definitions.ts';

/** pg-boss polls every 2 s, and each failed poll emits an error: this long without one, it reaches the database. */
const QUIET_BEFORE_HEALTHY_MS = 30_000;

/** The states a job waits in (created, retry), runs in (active), and is kept in for a while when it failed. */
const COUNTED_STATES = ['created', 'retry', 'active', 'failed'] as const;

export type JobRunner = {
  health(): ServiceHealth;
  send(name: string, data: object): Promise<void>;
  /** Each job's count in each COUNTED_STATES, 0 included (for the metrics). */
  queueCounts(): Promise<QueueCount[]>;
  /** Stops fetching jobs and waits for those running, up to `timeoutMs` (then they are failed, to retry). */
  stop(timeoutMs?: number): Promise<void>;
};

/**
 * pg-boss on our own database: jobs survive restarts, and with several app instances each job runs once.
 * Its error events (the database away, mostly) mark the runner unhealthy until a job runs or, since the jobs
 * here may run only daily, until it has polled for a while without one.
 */
export async function startJobRunner(
  database: DatabaseHandle,
  definitions: JobDefinition[] = jobDefinitions(database),
): Promise<JobRunner> {
  const boss = new PgBoss({ ...database.jobStore, schema: 'pgboss' });
  let lastErrorAt = 0;
  boss.on('error', (error) => {
    lastErrorAt = Date.now();
    // While the database is away pg's errors come once per connection and poll, each carrying the whole
    // client object: one line each is enough.
    if (isDatabaseUnavailable(error)) console.error(`[jobs] database unavailable: ${error.message}`);
    else console.error('[jobs]', error);
  });
  await boss.start();
  for (const job of definitions) {
    await boss.createQueue(job.name);
    if (job.cron) await boss.schedule(job.name, job.cron);
    await boss.work(job.name, async (jobs) => {
      for (const { data } of jobs) {
        await job.run(data).catch((error: unknown) => {
          countJobRun(job.name, 'failed');
          throw error;
        });
        countJobRun(job.name, 'completed');
      }
      lastErrorAt = 0;
    });
    if (job.runsAtStart) await boss.send(job.name, {});
  }
  return {
    health: () => (Date.now() - lastErrorAt < QUIET_BEFORE_HEALTHY_MS ? 'unhealthy' : 'healthy'),
    send: async (name, data) => {
      await boss.send(name, data);
    },
    queueCounts: async () => {
      const names = definitions.map((job) => job.name);
      const { rows } = await boss
        .getDb()
        .executeSql(
          'select name, state::text as state, count(*)::int as count from pgboss.job where name = any($1) and state::text = any($2) group by name, state',
          [names, COUNTED_STATES],
        );
      const found = new Map(rows.map((row) => [`${row.name} ${row.state}`, row.count as number]));
      return names.flatMap((job) =>
        COUNTED_STATES.map((state) => ({ job, state, count: found.get(`${job} ${state}`) ?? 0 })),
      );
    },
    stop: (timeoutMs = 5000) => boss.stop({ graceful: true, timeout: timeoutMs }),
  };
}
