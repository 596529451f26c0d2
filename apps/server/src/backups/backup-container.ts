import {
  createCipheriv,
  createDecipheriv,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  timingSafeEqual,
} from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { backupKeyFingerprint, formatFingerprint, rawPublicKey } from './backup-keys.ts';

/**
 * The backup container (decision 036): a plaintext header, then the payload sealed in chunks.
 *
 *   header  "RFBACKUP" | version u8 (1) | log2 of the chunk size u8 | 2 bytes reserved (0)
 *           | SHA-256 of the recipient's X25519 public key (32) | the ephemeral X25519 public key (32)
 *   body    chunk*: AES-256-GCM(plaintext of the chunk size; the last one shorter, possibly empty) | tag (16)
 *
 * The key is HKDF-SHA256 of the X25519 agreement between the ephemeral key and the recipient's, salted with
 * both public keys, so each file has a key of its own. Each chunk's nonce is its number (8 bytes) and a final
 * flag, and the whole header is every chunk's additional data: a changed header, a changed, dropped or moved
 * chunk, or a file cut at any point (the last chunk left was not sealed as final) fails authentication.
 */
const MAGIC = Buffer.from('RFBACKUP', 'ascii');
export const CONTAINER_VERSION = 1;
export const HEADER_BYTES = MAGIC.length + 4 + 32 + 32;
const TAG_BYTES = 16;
const DEFAULT_CHUNK_LOG2 = 16;
const HKDF_INFO = Buffer.from('reformer backup v1 chunk key');

export type BackupFileProblem = 'NOT_A_BACKUP' | 'UNSUPPORTED_VERSION' | 'KEY_MISMATCH' | 'DAMAGED';

/** Why a backup file does not open; never says anything of its contents. */
export class BackupFileError extends Error {
  constructor(
    readonly problem: BackupFileProblem,
    message: string,
  ) {
    super(message);
    this.name = 'BackupFileError';
  }
}

type Header = { bytes: Buffer; chunkSize: number; fingerprint: Buffer; ephemeralPublicKey: Buffer };

function chunkKey(agreement: Buffer, ephemeral: Buffer, recipient: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', agreement, Buffer.concat([ephemeral, recipient]), HKDF_INFO, 32));
}

function nonce(index: bigint, final: boolean): Buffer {
  const bytes = Buffer.alloc(12);
  bytes.writeBigUInt64BE(index, 3);
  bytes[11] = final ? 1 : 0;
  return bytes;
}

function x25519PublicKey(raw: Buffer): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/** Parses the header; throws for a file that is not a backup of a version this code reads. */
export function parseHeader(bytes: Buffer): Header {
  if (bytes.length < HEADER_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
    throw new BackupFileError('NOT_A_BACKUP', 'This is not a Reformer backup file.');
  const version = bytes[MAGIC.length] ?? 0;
  if (version !== CONTAINER_VERSION)
    throw new BackupFileError(
      'UNSUPPORTED_VERSION',
      `This backup file has container version ${version}; this Reformer reads version ${CONTAINER_VERSION}. Update Reformer.`,
    );
  const chunkLog2 = bytes[MAGIC.length + 1] ?? 0;
  if (chunkLog2 < 10 || chunkLog2 > 24)
    throw new BackupFileError(
      'DAMAGED',
      'The backup file is damaged: its header names an impossible chunk size.',
    );
  const keys = MAGIC.length + 4;
  return {
    bytes: bytes.subarray(0, HEADER_BYTES),
    chunkSize: 2 ** chunkLog2,
    fingerprint: bytes.subarray(keys, keys + 32),
    ephemeralPublicKey: bytes.subarray(keys + 32, keys + 64),
  };
}

/** Buffers bytes and hands them back in pieces of the size asked. */
class ByteQueue {
  private parts: Buffer[] = [];
  length = 0;
  push(chunk: Buffer) {
    this.parts.push(chunk);
    this.length += chunk.length;
  }
  take(size: number): Buffer {
    const all = this.parts.length === 1 ? (this.parts[0] as Buffer) : Buffer.concat(this.parts);
    this.parts = size < all.length ? [all.subarray(size)] : [];
    this.length = all.length - size;
    return all.subarray(0, size);
  }
}

/** Encrypts a payload for the holder of `recipient`'s private key: the header, then the sealed chunks. */
export function createSealingStream(recipient: KeyObject, chunkLog2 = DEFAULT_CHUNK_LOG2): Transform {
  const ephemeral = generateKeyPairSync('x25519');
  const recipientRaw = rawPublicKey(recipient);
  const ephemeralRaw = rawPublicKey(ephemeral.publicKey);
  const header = Buffer.concat([
    MAGIC,
    Buffer.from([CONTAINER_VERSION, chunkLog2, 0, 0]),
    backupKeyFingerprint(recipient),
    ephemeralRaw,
  ]);
  const agreement = diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipient });
  const key = chunkKey(agreement, ephemeralRaw, recipientRaw);
  const chunkSize = 2 ** chunkLog2;
  const pending = new ByteQueue();
  let index = 0n;
  const seal = (plaintext: Buffer, final: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', key, nonce(index, final));
    index += 1n;
    cipher.setAAD(header);
    return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  };
  let headerSent = false;
  const sendHeader = (stream: Transform) => {
    if (!headerSent) stream.push(header);
    headerSent = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      sendHeader(this);
      pending.push(chunk);
      while (pending.length >= chunkSize) this.push(seal(pending.take(chunkSize), false));
      done();
    },
    flush(done: TransformCallback) {
      sendHeader(this);
      this.push(seal(pending.take(pending.length), true));
      done();
    },
  });
}

/**
 * Decrypts what `createSealingStream` wrote, with the recipient's private key. A chunk is let through only
 * once it has been authenticated; the last one is known by the end of the input, so a chunk is held back
 * until more input follows it. Any failure is a `BackupFileError`.
 */
export function createOpeningStream(privateKey: KeyObject): Transform {
  const pending = new ByteQueue();
  let header: Header | null = null;
  let key: Buffer;
  let index = 0n;
  const open = (sealed: Buffer, final: boolean, current: Header) => {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(index, final));
    decipher.setAAD(current.bytes);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      const plaintext = Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
      index += 1n;
      return plaintext;
    } catch {
      throw new BackupFileError(
        'DAMAGED',
        `The backup file is damaged or was changed: its part ${index + 1n} does not authenticate${final ? ' as the last one (the file may be cut short)' : ''}.`,
      );
    }
  };
  const readHeader = (): Header => {
    const parsed = parseHeader(pending.take(HEADER_BYTES));
    const ownFingerprint = backupKeyFingerprint(privateKey);
    if (!timingSafeEqual(parsed.fingerprint, ownFingerprint))
      throw new BackupFileError(
        'KEY_MISMATCH',
        `This backup was made for the backup key ${formatFingerprint(parsed.fingerprint)}; the private key given is ${formatFingerprint(ownFingerprint)}.`,
      );
    const agreement = diffieHellman({ privateKey, publicKey: x25519PublicKey(parsed.ephemeralPublicKey) });
    key = chunkKey(agreement, parsed.ephemeralPublicKey, rawPublicKey(privateKey));
    return parsed;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        pending.push(chunk);
        if (!header && pending.length >= HEADER_BYTES) header = readHeader();
        const sealedSize = header ? header.chunkSize + TAG_BYTES : 0;
        while (header && pending.length > sealedSize)
          this.push(open(pending.take(sealedSize), false, header));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!header) {
          const start = pending.take(pending.length).subarray(0, MAGIC.length);
          if (start.length === 0 || !start.equals(MAGIC.subarray(0, start.length)))
            throw new BackupFileError('NOT_A_BACKUP', 'This is not a Reformer backup file.');
          throw new BackupFileError('DAMAGED', 'The backup file is damaged: it ends inside its header.');
        }
        if (pending.length < TAG_BYTES)
          throw new BackupFileError('DAMAGED', 'The backup file is damaged: it is cut short.');
        this.push(open(pending.take(pending.length), true, header));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}
