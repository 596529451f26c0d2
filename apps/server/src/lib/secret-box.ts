import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readOrCreateDataDirSecret } from './secret.ts';

/**
 * An organization's secrets at rest (a PSP's client secret, a certificate's private key): AES-256-GCM under
 * one key of the installation (ARCHITECTURE §9, decision 027). A sealed value is one line of text,
 *
 *   v1.<key id>.<iv>.<ciphertext>.<tag>          (base64url parts)
 *
 * The key id is a fingerprint of the key, so a rotation (and start-up) can tell values sealed under the old
 * key from the new without trying to open them. Each value is bound to where it is stored — the
 * `context`, e.g. `pix_psp_connections.client_secret:<organization id>` — as GCM's additional data, so a
 * ciphertext copied into another organization's row, or another column, does not open.
 */
const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_FILE = 'secrets-key';

export type SecretBoxFailure = 'FORMAT' | 'KEY_MISMATCH' | 'TAMPERED';

/** Never carries the value: only why it did not open and the key ids involved. */
export class SecretBoxError extends Error {
  constructor(
    readonly reason: SecretBoxFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export type SecretBox = {
  keyId: string;
  seal(value: string | Buffer, context: string): string;
  open(sealed: string, context: string): Buffer;
};

/** 32 bytes written as 64 hex digits, or as base64 / base64url; null for anything else. */
export function decodeSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}

export function secretsKeyId(key: Buffer): string {
  return createHash('sha256').update('reformer secrets key id\0').update(key).digest('hex').slice(0, 12);
}

/** The key id a sealed value names, without opening it; null when it is not a sealed value. */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split('.');
  return parts.length === 5 && parts[0] === VERSION ? (parts[1] ?? null) : null;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`A secrets key is ${KEY_BYTES} bytes`);
  const keyId = secretsKeyId(key);
  return {
    keyId,
    seal(value, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(value), cipher.final()]);
      const parts = [iv, data, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return [VERSION, keyId, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, sealedUnder, iv, data, tag] = sealed.split('.');
      if (version !== VERSION || !sealedUnder || iv === undefined || data === undefined || !tag)
        throw new SecretBoxError('FORMAT', 'Not a sealed secret');
      if (sealedUnder !== keyId)
        throw new SecretBoxError(
          'KEY_MISMATCH',
          `Sealed under secrets key ${sealedUnder}; this server has key ${keyId}`,
        );
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      const authTag = Buffer.from(tag, 'base64url');
      if (authTag.length !== TAG_BYTES) throw new SecretBoxError('FORMAT', 'Not a sealed secret');
      decipher.setAuthTag(authTag);
      try {
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
      } catch {
        throw new SecretBoxError('TAMPERED', 'The sealed secret was changed, or belongs elsewhere');
      }
    },
  };
}

export type SecretsKeySource = {
  /** SECRETS_KEY, already validated by env.ts. */
  configured: string | undefined;
  dataDir: string;
  /** The embedded PostgreSQL: the one instance there can be, so a key in DATA_DIR is enough. */
  isEmbedded: boolean;
  /** Key ids of the values the database holds sealed (lib/sealed-columns.ts). */
  storedKeyIds: readonly string[];
};

/**
 * The installation's secret box. SECRETS_KEY wins, and must be the same on every instance, as AUTH_SECRET
 * must; for the embedded database one is generated into DATA_DIR (through the mechanism AUTH_SECRET uses).
 * On a PostgreSQL server without SECRETS_KEY there is no box (null: nothing can be sealed, the PSP settings
 * say so) — and start-up is refused when the database already holds sealed values, since no instance could
 * open them. A key that does not open the stored values (another key id) is refused too.
 */
export function resolveSecretBox(source: SecretsKeySource): SecretBox | null {
  const text =
    source.configured ??
    (source.isEmbedded ? readOrCreateDataDirSecret(source.dataDir, SECRETS_KEY_FILE) : undefined);
  if (text === undefined) {
    if (source.storedKeyIds.length > 0)
      throw new Error(
        'SECRETS_KEY is not set, but the database holds encrypted secrets (PSP credentials). Set SECRETS_KEY ' +
          'to the key they were sealed with, the same on every instance.',
      );
    return null;
  }
  const key = decodeSecretsKey(text);
  if (!key)
    throw new Error(`SECRETS_KEY (or ${SECRETS_KEY_FILE} in DATA_DIR) is not 32 bytes in hex or base64`);
  const box = createSecretBox(key);
  const foreign = source.storedKeyIds.filter((id) => id !== box.keyId);
  if (foreign.length > 0)
    throw new Error(
      `SECRETS_KEY does not open the stored secrets: they were sealed under key ${foreign.join(', ')}, ` +
        `this key is ${box.keyId}. Set the key they were sealed with (npm run rotate-secrets-key changes it).`,
    );
  return box;
}
