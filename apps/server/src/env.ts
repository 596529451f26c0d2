import { parseRetention } from '@reformer/domain/backups';
import { DEFAULT_INVITATION_TTL_DAYS } from '@reformer/domain/invitations';
import { isValidTimeZone } from '@reformer/domain/time-zones';
import { z } from 'zod';
import { parseBackupPublicKey } from './backups/backup-keys.ts';
import { DISTRIBUTION_POSTGRES_DIR } from './db/embedded-postgres/old-major-binaries.ts';
import { decodeSecretsKey } from './lib/secret-box.ts';
import { LOG_LEVELS, type LogLevel } from './observability/logger.ts';

/**
 * The server's configuration, read and validated once at start. Nothing else reads process.env.
 * Invalid configuration stops start-up with a message naming the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(z.url().optional()),
    AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
    /** Seals organizations' secrets (PSP credentials); the same on every instance, like AUTH_SECRET. */
    SECRETS_KEY: optionalString.pipe(
      z
        .string()
        .refine((value) => decodeSecretsKey(value) !== null, 'must be 32 bytes, as 64 hex digits or base64')
        .optional(),
    ),
    /**
     * The owner's backup public key (decision 036), for several instances that share no DATA_DIR: the PEM
     * `npm run backup-key` writes, or the raw key in base64url. Wins over BACKUP_PUBLIC_KEY_FILE.
     */
    BACKUP_PUBLIC_KEY: optionalString.pipe(
      z
        .string()
        .refine(
          (value) => parseBackupPublicKey(value) !== null,
          'must be an X25519 public key: the PEM `npm run backup-key` writes, or its raw key in base64url',
        )
        .optional(),
    ),
    /** A file holding that key; DATA_DIR/backup-public-key.pem when neither is set. */
    BACKUP_PUBLIC_KEY_FILE: optionalString,
    /** The backup private key's passphrase, for `npm run restore` and `backup-key` without a prompt (not trimmed). */
    BACKUP_PASSPHRASE: z
      .string()
      .transform((value) => value || undefined)
      .optional(),
    /** Where the daily backups go (decision 036); DATA_DIR/backups when unset. Better another disk. */
    BACKUP_DIR: optionalString,
    /** The daily backup's local hour (0–23) in BACKUP_TIME_ZONE: a quiet hour for the studios. */
    BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
    BACKUP_TIME_ZONE: z
      .string()
      .refine(isValidTimeZone, 'must be an IANA time zone')
      .default('America/Sao_Paulo'),
    /** How many daily, weekly and monthly backups retention keeps, e.g. "7d,4w,12m". */
    BACKUP_RETENTION: z
      .string()
      .refine((value) => parseRetention(value) !== null, 'must look like "7d,4w,12m"')
      .default('7d,4w,12m'),
    /** How many days back a point-in-time restore of the embedded database can go: the WAL archive's window. */
    BACKUP_WAL_DAYS: z.coerce.number().int().min(1).max(400).default(7),
    /**
     * S3-compatible storage every backup is copied to once complete (decision 036, offsite copy); off when
     * unset. A bucket outside Brazil is an international transfer of health data under LGPD (README).
     */
    BACKUP_S3_BUCKET: optionalString.pipe(
      z
        .string()
        .regex(
          /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,61}[a-zA-Z0-9]$/,
          'must be a bucket name (3–63 letters, digits, . _ -)',
        )
        .optional(),
    ),
    /** The bucket's region, e.g. sa-east-1 (São Paulo); what the provider says for other S3-compatible storage. */
    BACKUP_S3_REGION: optionalString,
    /** The provider's address for S3-compatible storage other than AWS (path-style requests); unset for AWS. */
    BACKUP_S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** A folder in the bucket, e.g. `studio/`: the backups go under `<prefix>backups/`. */
    BACKUP_S3_PREFIX: optionalString.pipe(
      z
        .string()
        .refine(
          (value) =>
            !value.startsWith('/') && !value.split('/').some((part) => part === '..' || part === '.'),
          'must be a relative folder in the bucket, e.g. "studio/"',
        )
        .optional(),
    ),
    /** The access key; unset, the SDK's default chain (its environment variables, profile, instance role). */
    BACKUP_S3_ACCESS_KEY_ID: optionalString,
    BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
    /**
     * A folder holding the `postgres` of the PostgreSQL major an older Reformer's embedded database was made
     * with, to move it to this one's (decision 036); looked in before EMBEDDED_PG_DISTRIBUTION_DIR.
     */
    EMBEDDED_PG_OLD_BIN_DIR: optionalString,
    /** Where the distribution installs PostgreSQL majors, as `<dir>/<major>/bin` (Debian and Ubuntu's place). */
    EMBEDDED_PG_DISTRIBUTION_DIR: z.string().default(DISTRIBUTION_POSTGRES_DIR),
    TRUST_PROXY: z.stringbool().default(false),
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    AUTH_TOKEN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(120),
    /** Session reads (every page load asks who is signed in) per address and minute. */
    AUTH_SESSION_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    SMTP_URL: optionalString.pipe(z.url().optional()),
    INVITATION_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(DEFAULT_INVITATION_TTL_DAYS),
    MAIL_FROM: z.string().default('Reformer <no-reply@localhost>'),
    OIDC_PROVIDER_ID: z.string().default('oidc'),
    OIDC_PROVIDER_NAME: optionalString,
    OIDC_DISCOVERY_URL: optionalString.pipe(z.url().optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_SCOPES: z.string().default('openid profile email'),
    POSTAL_CODE_PROVIDER_URL: z.url().default('https://viacep.com.br/ws'),
    POSTAL_CODE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    WEB_DIST_DIR: z.string().optional(),
    /**
     * Where PSPs reach the webhook (decision 030): a hostname or port of its own, whose reverse proxy asks for
     * the PSP's client certificate (a proxy asks per connection, not per path). PUBLIC_URL when not set.
     */
    PIX_WEBHOOK_URL: optionalString.pipe(z.url().optional()),
    /**
     * Where Meta reaches the WhatsApp webhooks (decision 049), when it is not PUBLIC_URL: Meta needs a public
     * https address, which a studio's own server may have only for that path (a tunnel, another hostname).
     */
    WHATSAPP_WEBHOOK_URL: optionalString.pipe(z.url().optional()),
    /**
     * `sandbox`: the demo — the local standard PSP (tools/pix-emulator) starts beside the server, its folder in
     * DATA_DIR/pix-emulator, the settings offer to connect it, and each open charge can be "paid" from the
     * customer's page. Never in production: the PSP clients then trust only the emulator's CA.
     */
    PIX_PSP: z.enum(['sandbox']).optional(),
    /**
     * The JSON log on stdout (observability/logger.ts): `info` writes a line per request, `warn` only
     * problems. Unset: `info`, but `warn` under NODE_ENV=test, where a line per request would bury the
     * test runner's own output.
     */
    LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
    /** `GET /metrics` on a port of its own, for Prometheus (decision 037); off when unset. */
    METRICS_PORT: optionalString.pipe(z.coerce.number<string>().int().min(1).max(65535).optional()),
    /** The interface of METRICS_PORT: this machine only unless a scraper elsewhere needs it. */
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** `GET /metrics` on the main port too, for a scraper presenting this bearer token; off when unset. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
    /** How long a SIGTERM waits for requests in flight and running jobs before it cuts them off. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_DISCOVERY_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_DISCOVERY_URL'],
        message: 'OIDC_DISCOVERY_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
      });
    }
    for (const issue of backupS3Issues(env)) ctx.addIssue({ code: 'custom', ...issue });
  })
  .transform((env) => ({ ...env, LOG_LEVEL: env.LOG_LEVEL ?? defaultLogLevel(env.NODE_ENV) }));

/** The S3 copy's variables make sense together only: a bucket needs its region, a key id its secret. */
function backupS3Issues(env: {
  BACKUP_S3_BUCKET?: string;
  BACKUP_S3_REGION?: string;
  BACKUP_S3_ENDPOINT?: string;
  BACKUP_S3_PREFIX?: string;
  BACKUP_S3_ACCESS_KEY_ID?: string;
  BACKUP_S3_SECRET_ACCESS_KEY?: string;
}): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (env.BACKUP_S3_BUCKET && !env.BACKUP_S3_REGION)
    issues.push({ path: ['BACKUP_S3_REGION'], message: 'must be set with BACKUP_S3_BUCKET, e.g. sa-east-1' });
  const withoutBucket = [
    'BACKUP_S3_REGION',
    'BACKUP_S3_ENDPOINT',
    'BACKUP_S3_PREFIX',
    'BACKUP_S3_ACCESS_KEY_ID',
    'BACKUP_S3_SECRET_ACCESS_KEY',
  ] as const;
  for (const name of withoutBucket)
    if (env[name] && !env.BACKUP_S3_BUCKET)
      issues.push({ path: [name], message: 'needs BACKUP_S3_BUCKET: without a bucket nothing is copied' });
  if (Boolean(env.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(env.BACKUP_S3_SECRET_ACCESS_KEY))
    issues.push({
      path: ['BACKUP_S3_SECRET_ACCESS_KEY'],
      message: 'BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY must be set together',
    });
  return issues;
}

function defaultLogLevel(nodeEnv: 'development' | 'test' | 'production'): LogLevel {
  return nodeEnv === 'test' ? 'warn' : 'info';
}

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

export function publicUrl(env: Env): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}

/** The base of the organizations' webhook URLs registered with Meta (WhatsApp). */
export function whatsappWebhookBaseUrl(env: Env): string {
  return (env.WHATSAPP_WEBHOOK_URL ?? publicUrl(env)).replace(/\/+$/, '');
}

/** The base of the organizations' webhook URLs registered with their PSPs. */
export function pixWebhookBaseUrl(env: Env): string {
  return (env.PIX_WEBHOOK_URL ?? publicUrl(env)).replace(/\/+$/, '');
}
