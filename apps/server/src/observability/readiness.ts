import type { DatabaseHandle } from '../db/client.ts';

/**
 * What `GET /api/health/ready` answers. Only `ready` is 200: a proxy or load balancer sends requests to
 * this instance then, and not while it starts its database or migrates (a half-migrated schema is never
 * served), while it stops, or while its database does not answer.
 */
export const READINESS_STATUSES = [
  'ready',
  'starting',
  'migrating',
  'stopping',
  'database_unavailable',
] as const;
export type ReadinessStatus = (typeof READINESS_STATUSES)[number];

/** A database that takes longer than this to answer `select 1` is as good as away for a load balancer. */
const DATABASE_CHECK_TIMEOUT_MS = 2000;

export type Readiness = ReturnType<typeof createReadiness>;

/** The server's phase, moved forward by main.ts as it starts and stops; stopping is never left. */
export function createReadiness() {
  let phase: 'starting' | 'migrating' | 'serving' | 'stopping' = 'starting';
  let database: Pick<DatabaseHandle, 'execute'> | null = null;
  return {
    migrating() {
      if (phase === 'starting') phase = 'migrating';
    },
    serving(servedDatabase: Pick<DatabaseHandle, 'execute'>) {
      if (phase === 'stopping') return;
      phase = 'serving';
      database = servedDatabase;
    },
    stopping() {
      phase = 'stopping';
    },
    isStopping: () => phase === 'stopping',
    async check(): Promise<ReadinessStatus> {
      if (phase !== 'serving') return phase;
      return database && (await answersInTime(database)) ? 'ready' : 'database_unavailable';
    },
  };
}

async function answersInTime(database: Pick<DatabaseHandle, 'execute'>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
  });
  const answered = database.execute('select 1').then(
    () => true,
    () => false,
  );
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}
