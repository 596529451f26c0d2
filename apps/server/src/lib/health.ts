import type { HealthReport, ServiceHealth } from '@reformer/domain/health';
import type { DatabaseHandle } from '../db/client.ts';

export type HealthSources = {
  database: DatabaseHandle;
  jobs?: () => ServiceHealth;
  email?: () => Promise<ServiceHealth>;
};

export function createHealthCheck(sources: HealthSources) {
  return async function checkHealth(): Promise<HealthReport> {
    const database = await sources.database
      .execute('select 1')
      .then((): ServiceHealth => 'healthy')
      .catch((): ServiceHealth => 'unhealthy');
    const email = sources.email ? await sources.email() : 'not_configured';
    const jobs = sources.jobs ? sources.jobs() : 'not_configured';
    const services = { database, email, jobs };
    const status: ServiceHealth = Object.values(services).includes('unhealthy') ? 'unhealthy' : 'healthy';
    return { status, services };
  };
}
