import client from 'prom-client';
import type { PoolStats } from '../db/client.ts';
import { metricsRegistry } from './metrics.ts';

export type QueueCount = { job: string; state: string; count: number };

/** Counting the queues reads pg-boss's job table: a scrape every few seconds reuses the last count this long. */
const QUEUE_COUNT_TTL_MS = 10_000;

const registers = [metricsRegistry];
let poolSource: (() => readonly PoolStats[]) | null = null;
let queueSource: (() => Promise<readonly QueueCount[]>) | null = null;
let queueCache: { at: number; counts: readonly QueueCount[] } | null = null;

/** Reads the database pools' figures on each scrape; the server's own, set once at start. */
export function observePools(source: () => readonly PoolStats[]): () => void {
  poolSource = source;
  return () => {
    if (poolSource === source) poolSource = null;
  };
}

/** Counts the job queues on a scrape, at most once every QUEUE_COUNT_TTL_MS. */
export function observeJobQueues(source: () => Promise<readonly QueueCount[]>): () => void {
  queueSource = source;
  queueCache = null;
  return () => {
    if (queueSource === source) queueSource = null;
  };
}

/** Calls `record` with each pool's name and the figure `read` takes from its stats. */
function forEachPool(
  read: (stats: PoolStats) => number,
  record: (labels: { pool: string }, value: number) => void,
) {
  for (const stats of poolSource?.() ?? []) record({ pool: stats.pool }, read(stats));
}

function poolGauge(name: string, help: string, read: (stats: PoolStats) => number) {
  return new client.Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      forEachPool(read, (labels, value) => this.set(labels, value));
    },
  });
}

/** A total the pool keeps itself (it only grows), reported as the counter it is. */
function poolCounter(name: string, help: string, read: (stats: PoolStats) => number) {
  return new client.Counter({
    name,
    help,
    labelNames: ['pool'] as const,
    registers,
    collect() {
      this.reset();
      forEachPool(read, (labels, value) => this.inc(labels, value));
    },
  });
}

poolGauge('reformer_db_pool_connections', 'Open connections of each database pool', (s) => s.total);
poolGauge('reformer_db_pool_idle_connections', 'Open connections no query holds', (s) => s.idle);
poolGauge('reformer_db_pool_max_connections', 'The most connections each pool opens', (s) => s.max);
poolGauge(
  'reformer_db_pool_waiting_requests',
  'Requests for a connection waiting because the pool is at its most',
  (s) => s.waiting,
);
poolCounter(
  'reformer_db_pool_acquisitions_total',
  'Connections handed out to requests',
  (s) => s.acquisitions,
);
poolCounter(
  'reformer_db_pool_acquire_seconds_total',
  'Time from asking for a connection to getting it, in all: opening one, or waiting while all are in use',
  (s) => s.acquireSeconds,
);

new client.Gauge({
  name: 'reformer_job_queue_jobs',
  help: 'Jobs in the queue by job name and state (created and retry wait, active run, failed are kept for a while)',
  labelNames: ['job', 'state'] as const,
  registers,
  async collect() {
    this.reset();
    for (const { job, state, count } of await queueCounts()) this.set({ job, state }, count);
  },
});

async function queueCounts(): Promise<readonly QueueCount[]> {
  if (!queueSource) return [];
  if (queueCache && Date.now() - queueCache.at < QUEUE_COUNT_TTL_MS) return queueCache.counts;
  // With the database away the scrape still answers, without the queues: the pools and the job runs say why.
  const counts = await queueSource().catch(() => []);
  queueCache = { at: Date.now(), counts };
  return counts;
}
