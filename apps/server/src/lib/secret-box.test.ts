import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSecretBox,
  decodeSecretsKey,
  resolveSecretBox,
  SECRETS_KEY_FILE,
  SecretBoxError,
  sealedKeyId,
} from './secret-box.ts';

const key = randomBytes(32);
const box = createSecretBox(key);
const context = 'pix_psp_connections.client_secret_sealed:0192f0c1-7a4e-7c3b-9b1e-1f2a3b4c5d6e';

function failureOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof SecretBoxError ? error.reason : `other: ${String(error)}`;
  }
  return 'opened';
}

describe('secret box', () => {
  it('opens what it sealed, text or bytes, and seals the same value differently each time', () => {
    const sealed = box.seal('client-secret-ção', context);
    expect(box.open(sealed, context).toString('utf8')).toBe('client-secret-ção');
    const bytes = randomBytes(2000);
    expect(box.open(box.seal(bytes, context), context).equals(bytes)).toBe(true);
    expect(box.seal('same', context)).not.toBe(box.seal('same', context));
    expect(sealed).not.toContain('client-secret');
  });

  it('names its key in the envelope, so a rotation tells old values from new', () => {
    const sealed = box.seal('x', context);
    expect(sealed.startsWith(`v1.${box.keyId}.`)).toBe(true);
    expect(sealedKeyId(sealed)).toBe(box.keyId);
    expect(sealedKeyId('plain text')).toBeNull();
    expect(createSecretBox(randomBytes(32)).keyId).not.toBe(box.keyId);
  });

  it('refuses a tampered ciphertext, tag or iv', () => {
    const sealed = box.seal('client-secret', context);
    const parts = sealed.split('.');
    for (const index of [2, 3, 4]) {
      const part = Buffer.from(parts[index] ?? '', 'base64url');
      part[0] = (part[0] ?? 0) ^ 1;
      const tampered = parts
        .map((value, at) => (at === index ? part.toString('base64url') : value))
        .join('.');
      expect(failureOf(() => box.open(tampered, context))).toBe('TAMPERED');
    }
    expect(failureOf(() => box.open('v1.abc', context))).toBe('FORMAT');
  });

  it('refuses a value sealed under another key, and one moved to another row or column', () => {
    const sealed = box.seal('client-secret', context);
    expect(failureOf(() => createSecretBox(randomBytes(32)).open(sealed, context))).toBe('KEY_MISMATCH');
    // The same key id written over another key's value cannot pass off the wrong key either.
    const other = createSecretBox(randomBytes(32));
    const forged = other.seal('x', context).replace(`v1.${other.keyId}.`, `v1.${box.keyId}.`);
    expect(failureOf(() => box.open(forged, context))).toBe('TAMPERED');
    expect(failureOf(() => box.open(sealed, context.replace('0192', '0193')))).toBe('TAMPERED');
    expect(failureOf(() => box.open(sealed, context.replace('client_secret', 'certificate')))).toBe(
      'TAMPERED',
    );
  });

  it('reads a key of 32 bytes as 64 hex digits or base64, and nothing else', () => {
    expect(decodeSecretsKey(key.toString('hex'))?.equals(key)).toBe(true);
    expect(decodeSecretsKey(key.toString('base64'))?.equals(key)).toBe(true);
    expect(decodeSecretsKey(key.toString('base64url'))?.equals(key)).toBe(true);
    expect(decodeSecretsKey(randomBytes(16).toString('hex'))).toBeNull();
    expect(decodeSecretsKey(randomBytes(33).toString('base64'))).toBeNull();
    expect(decodeSecretsKey('correct horse battery staple correct horse!!')).toBeNull();
  });
});

describe('the installation key', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reformer-secrets-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is generated into DATA_DIR for the embedded database, readable by its owner only, and kept', () => {
    const first = resolveSecretBox({ configured: undefined, dataDir, isEmbedded: true, storedKeyIds: [] });
    const file = join(dataDir, SECRETS_KEY_FILE);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(decodeSecretsKey(readFileSync(file, 'utf8'))).not.toBeNull();
    const again = resolveSecretBox({
      configured: undefined,
      dataDir,
      isEmbedded: true,
      storedKeyIds: [first?.keyId ?? ''],
    });
    expect(again?.keyId).toBe(first?.keyId);
  });

  it('comes from SECRETS_KEY when set, on any database', () => {
    const configured = resolveSecretBox({
      configured: key.toString('hex'),
      dataDir: '/nonexistent',
      isEmbedded: false,
      storedKeyIds: [box.keyId],
    });
    expect(configured?.keyId).toBe(box.keyId);
  });

  it('is absent on a PostgreSQL server without SECRETS_KEY, and start-up is refused once secrets are stored', () => {
    const source = { configured: undefined, dataDir: '/nonexistent', isEmbedded: false };
    expect(resolveSecretBox({ ...source, storedKeyIds: [] })).toBeNull();
    expect(() => resolveSecretBox({ ...source, storedKeyIds: [box.keyId] })).toThrow(
      /SECRETS_KEY is not set/,
    );
  });

  it('refuses a key that did not seal the stored secrets, naming SECRETS_KEY', () => {
    expect(() =>
      resolveSecretBox({
        configured: randomBytes(32).toString('hex'),
        dataDir: '/nonexistent',
        isEmbedded: false,
        storedKeyIds: [box.keyId],
      }),
    ).toThrow(
      new RegExp(`SECRETS_KEY does not open the stored secrets: they were sealed under key ${box.keyId}`),
    );
  });
});
