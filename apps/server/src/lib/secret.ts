import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret kept in the data folder: read when it is there, otherwise made from `size` random bytes on first
 * start (base64url) and written readable by its owner only. For the single embedded instance; several
 * instances on one PostgreSQL must be given the value through their environment instead.
 */
export function readOrCreateDataDirSecret(dataDir: string, fileName: string, size = 32): string {
  const path = join(dataDir, fileName);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(size).toString('base64url');
    writeFileSync(path, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/**
 * The key that signs sessions. AUTH_SECRET wins; otherwise one is made on first start and kept in the data
 * folder, so `npm start` works on a fresh machine and sessions survive restarts. Several instances on one
 * PostgreSQL must share AUTH_SECRET.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  return configured ?? readOrCreateDataDirSecret(dataDir, 'auth-secret');
}
