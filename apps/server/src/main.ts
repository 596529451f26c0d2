import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { startMembershipListener } from './auth/membership-listener.ts';
import { emailPasswordResetLink } from './auth/password-reset.ts';
import { usePhysicalBackups, walArchiveOptions } from './backups/backup-runs.ts';
import { openDatabase } from './db/client.ts';
import {
  ClusterMajorError,
  DataDirLockedError,
  startEmbeddedPostgres,
} from './db/embedded-postgres/embedded-postgres.ts';
import { oldMajorSearchOf } from './db/embedded-postgres/old-major-binaries.ts';
import { LEAKPROOF_ENUM_EQUALITY } from './db/row-level-security.ts';
import { parseEnv, publicUrl } from './env.ts';
import { jobDefinitions } from './jobs/job-definitions.ts';
import { startJobRunner } from './jobs/job-runner.ts';
import { createHealthCheck } from './lib/health.ts';
import { listen } from './lib/http-server.ts';
import { createMailer } from './lib/mailer.ts';
import { storedSecretKeyIds } from './lib/sealed-columns.ts';
import { resolveAuthSecret } from './lib/secret.ts';
import { resolveSecretBox } from './lib/secret-box.ts';
import { createShutdown, type RunningParts } from './lib/shutdown.ts';
import { createStartingApp } from './lib/starting-app.ts';
import { apiPixGateway } from './modules/pix-psp/pix-gateway.ts';
import { startPixSandbox } from './modules/pix-psp/pix-sandbox.ts';
import { cachedLookup, viaCepProvider } from './modules/postal-codes/postal-code-provider.ts';
import { cloudApiGateway } from './modules/whatsapp/whatsapp-gateway.ts';
import { createLogger } from './observability/logger.ts';
import { startMetricsServer } from './observability/metrics-endpoint.ts';
import { createReadiness } from './observability/readiness.ts';
import { observeJobQueues, observePools } from './observability/resource-metrics.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const env = parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const readiness = createReadiness();
  const dataDir = resolve(env.DATA_DIR);
  const http = await listen(
    { port: env.PORT, hostname: env.HOST },
    createStartingApp(logger, readiness).fetch,
  ).catch((error: unknown) => {
    const problem = portProblem(error, env);
    if (!problem) throw error;
    console.error(problem);
    process.exit(1);
  });
  const running: RunningParts = { http };
  const shutdown = createShutdown(running, { logger, readiness, timeoutMs: env.SHUTDOWN_TIMEOUT_MS });
  process.on('SIGINT', () => shutdown.request('SIGINT'));
  process.on('SIGTERM', () => shutdown.request('SIGTERM'));
  running.metrics = env.METRICS_PORT
    ? await startMetricsServer(env.METRICS_HOST, env.METRICS_PORT, logger)
    : null;

  const embedded = env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres(dataDir, {
        walArchive: walArchiveOptions(env),
        oldMajorSearch: oldMajorSearchOf(env),
        // Another Reformer took the folder while our PostgreSQL was down: it serves it now, this one cannot.
        onLost: (error) => {
          console.error(error.message);
          process.exit(1);
        },
      });
  running.embedded = embedded;
  usePhysicalBackups(embedded?.archiver ? { cluster: embedded.cluster, archiver: embedded.archiver } : null);
  // If anything below fails, the process exits and the embedded PostgreSQL's watchdog stops it.
  const database = openDatabase(embedded?.url ?? String(env.DATABASE_URL));
  running.database = database;
  observePools(() => database.poolStats());
  readiness.migrating();
  const wall = await database.migrate();
  if (!wall.enumFiltersIndexed) {
    logger.warn(
      'Filters on a status or a payment method run without their indexes behind row-level security: the ' +
        'database user may not mark enum equality leakproof. An administrator can run, once in this database ' +
        `(and again after a restore): ${LEAKPROOF_ENUM_EQUALITY.join(' ')} (decision 019)`,
    );
  }
  // After the migrations, which create the triggers that notify it.
  const membershipListener = await startMembershipListener(database.url, logger);
  running.membershipListener = membershipListener;
  const secret = resolveAuthSecret(env.AUTH_SECRET, dataDir);
  const secretBox = resolveSecretBox({
    configured: env.SECRETS_KEY,
    dataDir,
    isEmbedded: embedded !== null,
    storedKeyIds: await storedSecretKeyIds(database.db),
  });
  const mailer = createMailer(env);
  const sendPasswordResetLink = emailPasswordResetLink(mailer);
  const auth = createAuth({ db: database.db, env, secret, sendPasswordResetLink });
  // The demo's local PSP (PIX_PSP=sandbox): its CA is then the only one PSP clients trust.
  const pixSandbox = env.PIX_PSP === 'sandbox' ? await startPixSandbox(dataDir) : null;
  running.pixSandbox = pixSandbox;
  const pixGateway = apiPixGateway(pixSandbox ? { trustedCa: pixSandbox.trustedCa } : {});
  const whatsapp = cloudApiGateway();
  const jobs = await startJobRunner(
    database,
    jobDefinitions(database, mailer, publicUrl(env), { secretBox, gateway: pixGateway }, env, whatsapp),
  );
  running.jobs = jobs;
  observeJobQueues(() => jobs.queueCounts());
  const postalCodes = cachedLookup(viaCepProvider(env.POSTAL_CODE_PROVIDER_URL, env.POSTAL_CODE_TIMEOUT_MS));
  const health = createHealthCheck({ database, jobs: jobs.health, email: mailer.health });
  const webDistDir = env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : defaultWebDist;
  const app = createApp(
    {
      db: database.db,
      tenantDb: database.tenantDb,
      env,
      auth,
      now: () => new Date(),
      health,
      mailer,
      secret,
      publicUrl: publicUrl(env),
      postalCodes,
      secretBox,
      pixPsp: pixGateway,
      pixSandbox,
      whatsapp,
      logger,
      readiness,
      membershipCache: membershipListener.cache,
    },
    { webDistDir: existsSync(webDistDir) ? webDistDir : undefined },
  );
  http.serve(app.fetch);
  readiness.serving(database);
  const where = embedded ? `embedded PostgreSQL in ${dataDir}` : 'PostgreSQL at DATABASE_URL';
  // Plain words for whoever started it, as before the JSON log: scripts and tests wait for this line.
  console.log(`Reformer listening on http://localhost:${http.port()} (${where})`);
  shutdown.started();
}

/** A port that cannot be listened on is a start-up problem to explain, not a crash. */
function portProblem(error: unknown, env: { PORT: number; HOST: string }): string | null {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES') return null;
  const problem = code === 'EADDRINUSE' ? 'is already in use' : 'may not be used by this user';
  return (
    `Port ${env.PORT} on ${env.HOST} ${problem} (another Reformer, or another program). ` +
    'Stop that program, or choose another port, e.g. `PORT=3001 npm start`.'
  );
}

main().catch((error: unknown) => {
  // A refusal explains itself; only a failure needs its stack.
  const refused = error instanceof DataDirLockedError || error instanceof ClusterMajorError;
  console.error(error instanceof Error ? error.message : error);
  if (!refused && error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
