import type { EventChannel, EventMessageStatus } from '@reformer/domain/events';
import client from 'prom-client';

/**
 * The process's metrics, in Prometheus's text format (decision 037). One registry per process, like the
 * counters it holds: a webhook recorded by a route and a message sent by a job add to the same figures, so
 * the functions below are called where those things happen instead of being handed down through every
 * caller. Labels hold route templates, job names and small fixed vocabularies only — never an
 * organization's id or anything about a person, which would both leak and multiply the series.
 */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry });
const registers = [metricsRegistry];

const httpRequests = new client.Counter({
  name: 'reformer_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});
const httpDuration = new client.Histogram({
  name: 'reformer_http_request_duration_seconds',
  help: 'Time from a request reaching the app to its answer, by method, route template and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});
const httpInFlight = new client.Gauge({
  name: 'reformer_http_requests_in_flight',
  help: 'Requests the app has started and not yet answered',
  registers,
});

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function countRequestStarted() {
  httpInFlight.inc();
}

export function countRequestAnswered(method: string, route: string, status: number, seconds: number) {
  httpInFlight.dec();
  // A client may send any token as a method; each would become a series.
  const knownMethod = KNOWN_METHODS.has(method) ? method : 'OTHER';
  httpRequests.inc({ method: knownMethod, route, status });
  httpDuration.observe(
    { method: knownMethod, route, status_class: `${Math.floor(status / 100)}xx` },
    seconds,
  );
}

const pixWebhookCalls = new client.Counter({
  name: 'reformer_pix_webhook_calls_total',
  help: "PSP webhook calls: accepted (the organization's secret matched) or refused (404)",
  labelNames: ['outcome'] as const,
  registers,
});
const receivedPix = new client.Counter({
  name: 'reformer_pix_received_total',
  help: 'Pix reported by a PSP, by source and what recording it did: paid a charge, matched none, or was already recorded',
  labelNames: ['source', 'outcome'] as const,
  registers,
});

export function countPixWebhookCall(outcome: 'accepted' | 'refused') {
  pixWebhookCalls.inc({ outcome });
}

export function countReceivedPix(
  source: 'WEBHOOK' | 'RECONCILIATION',
  outcome: 'PAID' | 'DUPLICATE' | 'UNMATCHED',
) {
  receivedPix.inc({ source: source.toLowerCase(), outcome: outcome.toLowerCase() });
}

const messageDeliveries = new client.Counter({
  name: 'reformer_message_deliveries_total',
  help: 'Attempts to send a message (birthdays, payment reminders, offers), by channel and result',
  labelNames: ['channel', 'result'] as const,
  registers,
});

/** A message's status as stored (decision 016), or FAILED when sending it threw (SMTP refused it). */
export function countMessageDelivery(channel: EventChannel, result: EventMessageStatus | 'FAILED') {
  messageDeliveries.inc({ channel: channel.toLowerCase(), result: result.toLowerCase() });
}

const jobRuns = new client.Counter({
  name: 'reformer_job_runs_total',
  help: 'Jobs this process ran, by job name and result',
  labelNames: ['job', 'result'] as const,
  registers,
});

export function countJobRun(job: string, result: 'completed' | 'failed') {
  jobRuns.inc({ job, result });
}

const lastBackup = new client.Gauge({
  name: 'reformer_backup_last_success_timestamp_seconds',
  help: 'When the last backup finished (Unix time); 0 while none is recorded',
  registers,
});
let lastBackupAt: Date | null = null;
new client.Gauge({
  name: 'reformer_backup_age_seconds',
  help: 'Seconds since the last backup finished; NaN while none is recorded',
  registers,
  collect() {
    this.set(lastBackupAt ? (Date.now() - lastBackupAt.getTime()) / 1000 : Number.NaN);
  },
});

/** The backups (decision 036) report each one that finished, and the newest found at start. */
export function setLastBackupTime(finishedAt: Date) {
  lastBackupAt = finishedAt;
  lastBackup.set(finishedAt.getTime() / 1000);
}

const lastWalArchived = new client.Gauge({
  name: 'reformer_wal_archive_last_success_timestamp_seconds',
  help: 'When the embedded database last sealed a WAL segment into the archive (Unix time): the recovery point',
  registers,
});
const walArchiveFailures = new client.Counter({
  name: 'reformer_wal_archive_failures_total',
  help: 'Passes of the WAL archiver that failed (the outbox keeps the segments; the next pass retries)',
  registers,
});

/** The WAL archiver (decision 036) reports each segment sealed and each failed pass. */
export function reportWalArchive(outcome: { sealedAt: Date } | 'failed') {
  if (outcome === 'failed') walArchiveFailures.inc();
  else lastWalArchived.set(outcome.sealedAt.getTime() / 1000);
}

const offsiteCopyFailures = new client.Counter({
  name: 'reformer_offsite_copy_failures_total',
  help: 'Copies to S3-compatible storage that failed (refused, unreachable, not matching), by what was copied',
  labelNames: ['what'] as const,
  registers,
});

/** A file's copy to S3-compatible storage failed (backups/offsite-copy.ts); the next run retries it. */
export function countOffsiteCopyFailure(what: 'backup' | 'wal' | 'purge-ledger') {
  offsiteCopyFailures.inc({ what });
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
