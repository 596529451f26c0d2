import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import {
  BACKUP_PUBLIC_KEY_FILE,
  type BackupPublicKeySource,
  backupKeyFingerprint,
  generateBackupKeyPair,
  parseBackupPublicKey,
  publicKeyPem,
  rawPublicKey,
  resolveBackupPublicKey,
} from './backup-keys.ts';
import { isPassphraseProtected, openPrivateKeyFile, privateKeyFileText } from './backup-private-key-file.ts';

/** The owner's backup key pair and its private key file (decision 036). */

const { publicKey, privateKey } = generateBackupKeyPair();
const fingerprint = backupKeyFingerprint(publicKey);

describe('the private key file', () => {
  it('opens with the passphrase it was sealed under, and never holds the key in the clear then', () => {
    const text = privateKeyFileText(privateKey, 'correct horse battery staple');
    const raw = Buffer.from(String(privateKey.export({ format: 'jwk' }).d), 'base64url');
    expect(text).not.toContain(raw.toString('base64url'));
    expect(isPassphraseProtected(text)).toBe(true);
    const opened = openPrivateKeyFile(text, 'correct horse battery staple');
    expect(backupKeyFingerprint(opened).equals(fingerprint)).toBe(true);
    expect(JSON.parse(text).protection).toMatchObject({ kdf: 'scrypt', cipher: 'aes-256-gcm', N: 131072 });
  });

  it('refuses a wrong or missing passphrase, each with its own reason', () => {
    const text = privateKeyFileText(privateKey, 'correct horse battery staple');
    expect(() => openPrivateKeyFile(text, 'Correct horse battery staple')).toThrow(
      expect.objectContaining({ problem: 'WRONG_PASSPHRASE' }),
    );
    expect(() => openPrivateKeyFile(text, null)).toThrow(
      expect.objectContaining({ problem: 'PASSPHRASE_NEEDED' }),
    );
  });

  it('keeps an unprotected key readable without a passphrase, and refuses a file whose key was swapped', () => {
    const text = privateKeyFileText(privateKey, null);
    expect(isPassphraseProtected(text)).toBe(false);
    expect(backupKeyFingerprint(openPrivateKeyFile(text, null)).equals(fingerprint)).toBe(true);
    const other = JSON.parse(privateKeyFileText(generateBackupKeyPair().privateKey, null));
    const swapped = JSON.stringify({ ...JSON.parse(text), privateKey: other.privateKey });
    expect(() => openPrivateKeyFile(swapped, null)).toThrow(expect.objectContaining({ problem: 'FORMAT' }));
    expect(() => openPrivateKeyFile('{"hello":1}', null)).toThrow(
      expect.objectContaining({ problem: 'FORMAT' }),
    );
  });
});

describe('the public key as the server is given it', () => {
  it('reads the PEM file and the one-line raw key alike, and nothing else', () => {
    const pem = publicKeyPem(publicKey);
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    for (const text of [pem, rawPublicKey(publicKey).toString('base64url')]) {
      const parsed = parseBackupPublicKey(text);
      expect(parsed && backupKeyFingerprint(parsed).equals(fingerprint)).toBe(true);
    }
    const ed25519 =
      '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----';
    for (const wrong of ['', 'not a key', ed25519, 'a'.repeat(42)])
      expect(parseBackupPublicKey(wrong)).toBeNull();
  });
});

describe('where the server finds the public key', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reformer-backup-public-key-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const other = generateBackupKeyPair().publicKey;
  const fingerprintOf = (source: Partial<BackupPublicKeySource>) => {
    const found = resolveBackupPublicKey({
      configured: undefined,
      configuredFile: undefined,
      dataDir,
      ...source,
    });
    return found && backupKeyFingerprint(found.key).toString('hex');
  };

  it('BACKUP_PUBLIC_KEY, else BACKUP_PUBLIC_KEY_FILE, else DATA_DIR’s file, else none', () => {
    expect(fingerprintOf({})).toBeNull();
    writeFileSync(join(dataDir, BACKUP_PUBLIC_KEY_FILE), publicKeyPem(publicKey));
    expect(fingerprintOf({})).toBe(fingerprint.toString('hex'));
    const named = join(dataDir, 'elsewhere.pem');
    writeFileSync(named, publicKeyPem(other));
    expect(fingerprintOf({ configuredFile: named })).toBe(backupKeyFingerprint(other).toString('hex'));
    const raw = rawPublicKey(other).toString('base64url');
    expect(fingerprintOf({ configured: raw, configuredFile: join(dataDir, 'missing.pem') })).toBe(
      backupKeyFingerprint(other).toString('hex'),
    );
  });

  it('refuses a named file that holds no key, and a BACKUP_PUBLIC_KEY that is none, naming the variable', () => {
    expect(() => fingerprintOf({ configuredFile: join(dataDir, 'missing.pem') })).toThrow(/cannot be read/);
    expect(() => parseEnv({ BACKUP_PUBLIC_KEY: 'not a key' })).toThrow(
      /BACKUP_PUBLIC_KEY: must be an X25519 public key/,
    );
    expect(
      parseEnv({ BACKUP_PUBLIC_KEY: rawPublicKey(other).toString('base64url') }).BACKUP_PUBLIC_KEY,
    ).toBeDefined();
  });
});
