import type { ServiceHealth } from '@reformer/domain/health';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { type JobDefinition, jobDefinitions } from './job-definitions.ts';

export type JobRunner = {
  health(): ServiceHealth;
  send(name: string, data: object): Promise<void>;
  stop(): Promise<void>;
};

/**
 * pg-boss on our own database: jobs survive restarts, and with several app instances each job runs once.
 * An error event marks the runner unhealthy until it works again.
 */
export async function startJobRunner(
  database: DatabaseHandle,
  definitions: JobDefinition[] = jobDefinitions(database),
): Promise<JobRunner> {
  const boss = new PgBoss({ ...database.jobStore, schema: 'pgboss' });
  let state: ServiceHealth = 'healthy';
  boss.on('error', (error) => {
    state = 'unhealthy';
    console.error('[jobs]', error);
  });
  await boss.start();
  for (const job of definitions) {
    await boss.createQueue(job.name);
    if (job.cron) await boss.schedule(job.name, job.cron);
    await boss.work(job.name, async (jobs) => {
      for (const { data } of jobs) await job.run(data);
      state = 'healthy';
    });
    if (job.runsAtStart) await boss.send(job.name, {});
  }
  return {
    health: () => state,
    send: async (name, data) => {
      await boss.send(name, data);
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
