import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { emailPasswordResetLink } from './auth/password-reset.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError, startEmbeddedPostgres } from './db/embedded-postgres/embedded-postgres.ts';
import { parseEnv, publicUrl } from './env.ts';
import { jobDefinitions } from './jobs/job-definitions.ts';
import { startJobRunner } from './jobs/job-runner.ts';
import { createHealthCheck } from './lib/health.ts';
import { createMailer } from './lib/mailer.ts';
import { storedSecretKeyIds } from './lib/sealed-columns.ts';
import { resolveAuthSecret } from './lib/secret.ts';
import { resolveSecretBox } from './lib/secret-box.ts';
import { apiPixGateway } from './modules/pix-psp/pix-gateway.ts';
import { startPixSandbox } from './modules/pix-psp/pix-sandbox.ts';
import { cachedLookup, viaCepProvider } from './modules/postal-codes/postal-code-provider.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main() {
  const env = parseEnv();
  const dataDir = resolve(env.DATA_DIR);
  const embedded = env.DATABASE_URL
    ? null
    : await startEmbeddedPostgres(dataDir, {
        // Another Reformer took the folder while our PostgreSQL was down: it serves it now, this one cannot.
        onLost: (error) => {
          console.error(error.message);
          process.exit(1);
        },
      });
  // If anything below fails, the process exits and the embedded PostgreSQL's watchdog stops it.
  const database = openDatabase(embedded?.url ?? String(env.DATABASE_URL));
  await database.migrate();
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
  const pixGateway = apiPixGateway(pixSandbox ? { trustedCa: pixSandbox.trustedCa } : {});
  const jobs = await startJobRunner(
    database,
    jobDefinitions(database, mailer, publicUrl(env), { secretBox, gateway: pixGateway }),
  );
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
    },
    { webDistDir: existsSync(webDistDir) ? webDistDir : undefined },
  );
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const where = embedded ? `embedded PostgreSQL in ${dataDir}` : 'PostgreSQL at DATABASE_URL';
    console.log(`Reformer listening on http://localhost:${info.port} (${where})`);
  });

  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES') throw error;
    const problem = error.code === 'EADDRINUSE' ? 'is already in use' : 'may not be used by this user';
    console.error(
      `Port ${env.PORT} on ${env.HOST} ${problem} (another Reformer, or another program). ` +
        'Stop that program, or choose another port, e.g. `PORT=3001 npm start`.',
    );
    process.exit(1);
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    await jobs.stop();
    await database.close();
    await pixSandbox?.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError || error instanceof Error ? error.message : error);
  if (!(error instanceof DataDirLockedError) && error instanceof Error && error.stack)
    console.error(error.stack);
  process.exit(1);
});
