import { z } from 'zod';

/**
 * The web app's configuration, read and validated once (ARCHITECTURE §2). Nothing else reads
 * `import.meta.env`. An invalid value stops start-up with a message naming the variable.
 */

declare const __APP_PACKAGE_VERSION__: string;

const nonEmpty = z.string().trim().min(1, 'must not be empty');

/** The API lives on the same origin under `/api` by default; an absolute http(s) URL is also accepted. */
const apiBaseUrl = nonEmpty.refine((value) => value.startsWith('/') || /^https?:\/\/[^/]+/.test(value), {
  message: 'must be a path starting with "/" or an absolute http(s) URL',
});

const EnvSchema = z.object({
  VITE_APP_NAME: nonEmpty.default('Reformer'),
  VITE_APP_ENV: z.enum(['local', 'stage', 'prod']),
  VITE_APP_VERSION: nonEmpty,
  VITE_API_BASE_URL: apiBaseUrl.default('/api'),
});

function readEnv() {
  const raw = import.meta.env;
  const result = EnvSchema.safeParse({
    VITE_APP_NAME: raw.VITE_APP_NAME || undefined,
    VITE_APP_ENV: raw.VITE_APP_ENV || (raw.DEV ? 'local' : 'prod'),
    VITE_APP_VERSION: raw.VITE_APP_VERSION || __APP_PACKAGE_VERSION__ || 'dev',
    VITE_API_BASE_URL: raw.VITE_API_BASE_URL || undefined,
  });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid web configuration — ${problems.join('; ')}`);
  }
  const value = result.data;
  return {
    appName: value.VITE_APP_NAME,
    environment: value.VITE_APP_ENV,
    version: value.VITE_APP_VERSION,
    apiBaseUrl: value.VITE_API_BASE_URL.replace(/\/+$/, ''),
  } as const;
}

export const env = readEnv();
export type Environment = typeof env.environment;
