import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { SECRETS_KEY_FILE } from '../lib/secret-box.ts';
import { BACKUP_PUBLIC_KEY_FILE } from './backup-keys.ts';

/**
 * What of DATA_DIR a restore needs besides the database (decision 036): the auth secret (sessions and signing
 * keys stay valid), the secrets key (the PSP credentials sealed under it open), the backup public key (the
 * restored server goes on making backups the same private key opens), and the PIX sandbox's CA and client (a
 * demo's saved connection keeps working). Never the embedded cluster, its password, URL or log, nor the
 * backups: an allowlist, so a file added to DATA_DIR later is a decision, not an accident. Logos and other
 * uploads live in the database (ARCHITECTURE §9).
 */
export const DATA_DIR_ENTRY = 'data-dir/';
const AUTH_SECRET_FILE = 'auth-secret';
const PIX_SANDBOX_FOLDER = 'pix-emulator';

export type DataDirFile = { path: string; content: Buffer };

export type SecretsInEffect = {
  dataDir: string;
  isEmbedded: boolean;
  /** AUTH_SECRET and SECRETS_KEY when set: they win over the files, as they do for the server. */
  authSecret: string | undefined;
  secretsKey: string | undefined;
  backupPublicKeyPem: string;
};

/** The DATA_DIR files of the installation as the server reads them, by their path inside DATA_DIR. */
export function collectDataDirFiles(source: SecretsInEffect): DataDirFile[] {
  const files: DataDirFile[] = [];
  const fromFile = (name: string) => {
    const path = join(source.dataDir, name);
    return existsSync(path) ? readFileSync(path, 'utf8').trim() : undefined;
  };
  const authSecret = source.authSecret ?? fromFile(AUTH_SECRET_FILE);
  // As resolveSecretBox reads it: on a PostgreSQL server only SECRETS_KEY counts.
  const secretsKey = source.secretsKey ?? (source.isEmbedded ? fromFile(SECRETS_KEY_FILE) : undefined);
  if (authSecret) files.push({ path: AUTH_SECRET_FILE, content: Buffer.from(authSecret) });
  if (secretsKey) files.push({ path: SECRETS_KEY_FILE, content: Buffer.from(secretsKey) });
  files.push({ path: BACKUP_PUBLIC_KEY_FILE, content: Buffer.from(source.backupPublicKeyPem) });
  const sandbox = join(source.dataDir, PIX_SANDBOX_FOLDER);
  if (existsSync(sandbox))
    for (const entry of readdirSync(sandbox, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      files.push({ path: relative(source.dataDir, path).split(sep).join('/'), content: readFileSync(path) });
    }
  return files;
}

/** The path inside DATA_DIR an entry names; null for one that would leave it. */
export function dataDirPath(entryName: string): string | null {
  if (!entryName.startsWith(DATA_DIR_ENTRY)) return null;
  const path = normalize(entryName.slice(DATA_DIR_ENTRY.length));
  if (path === '.' || path.startsWith('..') || path.startsWith(sep) || path.includes('\0')) return null;
  return path;
}

/** Writes a restored file, readable by its owner only as the server writes its secrets. */
export async function writeDataDirFile(dataDir: string, path: string, content: Buffer): Promise<void> {
  const target = join(dataDir, path);
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  await writeFile(target, content, { mode: 0o600 });
}
