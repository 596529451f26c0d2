/**
 * The web app's configuration, read and validated once (ARCHITECTURE §2). Nothing else reads
 * `import.meta.env`. An invalid value stops start-up with a message naming the variable.
 *
 * Plain checks rather than zod: the pre-rendered public pages import this module, and their whole
 * JavaScript budget (100 KB gzip, bench/public-site.mjs) cannot carry a validation library for four values.
 */

declare const __APP_PACKAGE_VERSION__: string;

const ENVIRONMENTS = ['local', 'stage', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

type Problems = string[];

function nonEmpty(name: string, value: string | undefined, problems: Problems, fallback?: string): string {
  const trimmed = (value ?? fallback ?? '').trim();
  if (!trimmed) problems.push(`${name}: must not be empty`);
  return trimmed;
}

function readEnv() {
  const raw = import.meta.env;
  const problems: Problems = [];
  const appName = nonEmpty('VITE_APP_NAME', raw.VITE_APP_NAME || undefined, problems, 'Reformer');
  const environment = raw.VITE_APP_ENV || (raw.DEV ? 'local' : 'prod');
  if (!(ENVIRONMENTS as readonly string[]).includes(environment)) {
    problems.push(`VITE_APP_ENV: must be one of ${ENVIRONMENTS.join(', ')}`);
  }
  const version = nonEmpty(
    'VITE_APP_VERSION',
    raw.VITE_APP_VERSION || __APP_PACKAGE_VERSION__ || 'dev',
    problems,
  );
  // The API lives on the same origin under `/api` by default; an absolute http(s) URL is also accepted.
  const apiBaseUrl = nonEmpty('VITE_API_BASE_URL', raw.VITE_API_BASE_URL || undefined, problems, '/api');
  if (apiBaseUrl && !(apiBaseUrl.startsWith('/') || /^https?:\/\/[^/]+/.test(apiBaseUrl))) {
    problems.push('VITE_API_BASE_URL: must be a path starting with "/" or an absolute http(s) URL');
  }
  if (problems.length > 0) throw new Error(`Invalid web configuration — ${problems.join('; ')}`);
  return {
    appName,
    environment: environment as Environment,
    version,
    apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
  } as const;
}

export const env = readEnv();
