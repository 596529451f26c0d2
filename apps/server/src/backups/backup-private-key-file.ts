import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  type KeyObject,
  randomBytes,
  scryptSync,
} from 'node:crypto';
import { backupKeyFingerprint, rawPublicKey } from './backup-keys.ts';

/**
 * The owner's backup private key as `npm run backup-key` writes it (decision 036): JSON, which says what it is
 * and which backups it opens without the passphrase; with a passphrase the key is sealed with AES-256-GCM under
 * a key scrypt derives from it.
 */
const PRIVATE_KEY_FORMAT = 'reformer-backup-private-key';
/** scrypt's cost: 2^17 × 8 × 128 bytes = 128 MiB and about half a second, per OWASP's recommendation. */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

export type BackupKeyProblem = 'FORMAT' | 'PASSPHRASE_NEEDED' | 'WRONG_PASSPHRASE';

export class BackupKeyError extends Error {
  constructor(
    readonly problem: BackupKeyProblem,
    message: string,
  ) {
    super(message);
    this.name = 'BackupKeyError';
  }
}

type PrivateKeyFile = {
  format: typeof PRIVATE_KEY_FORMAT;
  version: 1;
  /** Hex SHA-256 of the public key, as a backup's header names it. */
  fingerprint: string;
  /** base64url of the raw public key, so the file says which backups it opens without the passphrase. */
  publicKey: string;
  /** null: `privateKey` is the raw key in base64url. Otherwise how it was sealed. */
  protection: null | {
    kdf: 'scrypt';
    N: number;
    r: number;
    p: number;
    salt: string;
    cipher: 'aes-256-gcm';
    iv: string;
    tag: string;
  };
  privateKey: string;
};

/** The private key file's text; with a passphrase the key is sealed with AES-256-GCM under scrypt(passphrase). */
export function privateKeyFileText(privateKey: KeyObject, passphrase: string | null): string {
  const raw = Buffer.from(String(privateKey.export({ format: 'jwk' }).d), 'base64url');
  const fingerprint = backupKeyFingerprint(privateKey).toString('hex');
  const file: PrivateKeyFile = {
    format: PRIVATE_KEY_FORMAT,
    version: 1,
    fingerprint,
    publicKey: rawPublicKey(privateKey).toString('base64url'),
    protection: null,
    privateKey: raw.toString('base64url'),
  };
  if (passphrase) {
    const salt = randomBytes(16);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', passphraseKey(passphrase, salt, SCRYPT), iv);
    cipher.setAAD(Buffer.from(`${PRIVATE_KEY_FORMAT}:${fingerprint}`));
    const sealed = Buffer.concat([cipher.update(raw), cipher.final()]);
    file.protection = {
      kdf: 'scrypt',
      ...SCRYPT,
      salt: salt.toString('base64url'),
      cipher: 'aes-256-gcm',
      iv: iv.toString('base64url'),
      tag: cipher.getAuthTag().toString('base64url'),
    };
    file.privateKey = sealed.toString('base64url');
  }
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Whether the file's key is sealed, so a command asks for the passphrase only when one is needed. */
export function isPassphraseProtected(text: string): boolean {
  return readPrivateKeyFile(text).protection !== null;
}

/** The private key of a file `privateKeyFileText` wrote; the passphrase it was sealed with, if it was. */
export function openPrivateKeyFile(text: string, passphrase: string | null): KeyObject {
  const file = readPrivateKeyFile(text);
  let raw = Buffer.from(file.privateKey, 'base64url');
  const { protection } = file;
  if (protection) {
    if (!passphrase)
      throw new BackupKeyError('PASSPHRASE_NEEDED', 'This private key is protected by a passphrase.');
    const key = passphraseKey(passphrase, Buffer.from(protection.salt, 'base64url'), protection);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(protection.iv, 'base64url'));
    decipher.setAAD(Buffer.from(`${PRIVATE_KEY_FORMAT}:${file.fingerprint}`));
    decipher.setAuthTag(Buffer.from(protection.tag, 'base64url'));
    try {
      raw = Buffer.concat([decipher.update(raw), decipher.final()]);
    } catch {
      throw new BackupKeyError('WRONG_PASSPHRASE', 'The passphrase does not open this private key.');
    }
  }
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'X25519', x: file.publicKey, d: raw.toString('base64url') },
    format: 'jwk',
  });
  if (backupKeyFingerprint(privateKey).toString('hex') !== file.fingerprint)
    throw new BackupKeyError(
      'FORMAT',
      'The private key file is damaged: its key does not match its fingerprint.',
    );
  return privateKey;
}

function readPrivateKeyFile(text: string): PrivateKeyFile {
  let file: Partial<PrivateKeyFile>;
  try {
    file = JSON.parse(text);
  } catch {
    file = {};
  }
  if (file.format !== PRIVATE_KEY_FORMAT || file.version !== 1 || !file.privateKey || !file.publicKey)
    throw new BackupKeyError(
      'FORMAT',
      'Not a Reformer backup private key file (npm run backup-key makes one).',
    );
  return file as PrivateKeyFile;
}

function passphraseKey(passphrase: string, salt: Buffer, cost: { N: number; r: number; p: number }): Buffer {
  return scryptSync(passphrase.normalize('NFC'), salt, 32, { ...cost, maxmem: SCRYPT_MAXMEM });
}
