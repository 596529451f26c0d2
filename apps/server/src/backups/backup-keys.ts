import { createHash, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The owner's backup key (decision 036): an X25519 pair. The server keeps only the public key, so a scheduled
 * backup needs no secret on it; the private key, which every restore needs, lives off the server in a file of
 * its own (backup-private-key-file.ts).
 */
export const BACKUP_PUBLIC_KEY_FILE = 'backup-public-key.pem';

export type BackupKeyPair = { publicKey: KeyObject; privateKey: KeyObject };

export function generateBackupKeyPair(): BackupKeyPair {
  return generateKeyPairSync('x25519');
}

/** The 32 bytes of an X25519 key as RFC 7748 writes them (the JWK's `x`, or `d` for the private half). */
export function rawPublicKey(key: KeyObject): Buffer {
  const jwk = (key.type === 'private' ? createPublicKey(key) : key).export({ format: 'jwk' });
  return Buffer.from(String(jwk.x), 'base64url');
}

/** SHA-256 of the raw public key: what a backup's header names, so a restore can say which key it needs. */
export function backupKeyFingerprint(key: KeyObject): Buffer {
  return createHash('sha256').update(rawPublicKey(key)).digest();
}

/** As the commands print it: the fingerprint's first 16 bytes in groups of four hex digits. */
export function formatFingerprint(fingerprint: Buffer): string {
  return fingerprint.subarray(0, 16).toString('hex').match(/.{4}/g)?.join(':') ?? '';
}

export function publicKeyPem(key: KeyObject): string {
  return String(key.export({ format: 'pem', type: 'spki' }));
}

/**
 * A public key as BACKUP_PUBLIC_KEY or its file may hold it: the PEM `npm run backup-key` writes, or the raw
 * key in base64url (43 characters, one line, easier to put in an environment). Null for anything else.
 */
export function parseBackupPublicKey(text: string): KeyObject | null {
  const value = text.trim();
  try {
    const key = /^[A-Za-z0-9_-]{43}$/.test(value)
      ? createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: value }, format: 'jwk' })
      : createPublicKey(value);
    return key.asymmetricKeyType === 'x25519' ? key : null;
  } catch {
    return null;
  }
}

export type BackupPublicKeySource = {
  /** BACKUP_PUBLIC_KEY, already validated by env.ts. */
  configured: string | undefined;
  /** BACKUP_PUBLIC_KEY_FILE. */
  configuredFile: string | undefined;
  dataDir: string;
};

/**
 * The key backups are made for: BACKUP_PUBLIC_KEY, else the file BACKUP_PUBLIC_KEY_FILE names, else the one
 * `npm run backup-key` wrote into DATA_DIR; null when there is none yet. A named file that does not hold a
 * key is an error, not a silent fall-back.
 */
export function resolveBackupPublicKey(
  source: BackupPublicKeySource,
): { key: KeyObject; pem: string } | null {
  if (source.configured) {
    const key = parseBackupPublicKey(source.configured) as KeyObject;
    return { key, pem: publicKeyPem(key) };
  }
  const path = source.configuredFile ?? join(source.dataDir, BACKUP_PUBLIC_KEY_FILE);
  if (!source.configuredFile && !existsSync(path)) return null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`BACKUP_PUBLIC_KEY_FILE ${path} cannot be read: ${(error as Error).message}`);
  }
  const key = parseBackupPublicKey(text);
  if (!key) throw new Error(`${path} does not hold a backup public key (npm run backup-key writes one).`);
  return { key, pem: publicKeyPem(key) };
}
