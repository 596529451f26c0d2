import { readFileSync } from 'node:fs';

/** The `version` of the root package.json, as the web app shows it; `dev` while the project sets none. */
export function reformerVersion(): string {
  const packageJson = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'));
  return typeof packageJson.version === 'string' ? packageJson.version : 'dev';
}
