import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

/**
 * Files copied to S3-compatible storage (decision 036, offsite copy): a backup file today, the WAL archive's
 * segments next. Knows nothing of backup runs — a store is a bucket and a prefix, and keys are relative to it.
 * A copy is checked: each part carries its SHA-256 (AWS, MinIO, R2… refuse a part whose bytes do not match),
 * and the stored object is read back (HEAD) and its size, the whole file's SHA-256 kept in its metadata and,
 * where the provider reports one, its own SHA-256 compared with the local file's; a mismatch deletes it.
 */
export type OffsiteTarget = {
  bucket: string;
  region: string;
  /** An S3-compatible provider's address (requests then path-style); undefined for AWS. */
  endpoint?: string;
  /** Ends in `/` unless empty. */
  prefix: string;
  /** Undefined: the SDK's default chain (its environment variables, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export type OffsiteObject = { key: string; bytes: number; lastModified: Date | null };
export type CopiedObject = { key: string; bytes: number; sha256: string };

export type OffsiteStorage = {
  target: OffsiteTarget;
  /** Copies a complete local file to `key` (relative to the prefix), replacing any object there; checked. */
  copyFile(localPath: string, key: string): Promise<CopiedObject>;
  /** Deletes `key`; deleting what is not there is no error (S3's own rule). */
  deleteObject(key: string): Promise<void>;
  /** The objects under `keyPrefix` (relative to the prefix), every page. */
  list(keyPrefix: string): Promise<OffsiteObject[]>;
  close(): void;
};

/** 8 MiB parts, two at a time: ~16 MiB of memory; more for a file that would need over 10,000 parts. */
const PART_SIZE = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;
const SHA256_METADATA = 'sha256';

export class OffsiteCopyError extends Error {
  override name = 'OffsiteCopyError';
}

/** `prefix` as stored: empty, or relative and ending in `/`. */
export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+/, '');
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`;
}

export function openOffsiteStorage(target: OffsiteTarget): OffsiteStorage {
  const client = new S3Client({
    region: target.region,
    ...(target.endpoint ? { endpoint: target.endpoint, forcePathStyle: true } : {}),
    ...(target.credentials ? { credentials: target.credentials } : {}),
    // Checksums only where an operation requires one: the ones sent are chosen below (SHA-256 per part), and
    // the SDK's default (a CRC32 trailer on every upload) is more than some S3-compatible servers understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A storage that does not answer fails the copy (retried by the next run) instead of holding the backup.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
    maxAttempts: 3,
  });
  const fullKey = (key: string) => `${target.prefix}${key}`;

  return {
    target,
    async copyFile(localPath, key) {
      try {
        const local = await hashFile(localPath);
        await new Upload({
          client,
          params: {
            Bucket: target.bucket,
            Key: fullKey(key),
            Body: createReadStream(localPath),
            ContentType: 'application/octet-stream',
            ChecksumAlgorithm: 'SHA256',
            Metadata: { [SHA256_METADATA]: local.sha256Hex },
          },
          partSize: local.partSize,
          queueSize: 2,
          leavePartsOnError: false,
        }).done();
        const stored = await client.send(
          new HeadObjectCommand({ Bucket: target.bucket, Key: fullKey(key), ChecksumMode: 'ENABLED' }),
        );
        const mismatch = storedMismatch(stored, local);
        if (mismatch) {
          await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: fullKey(key) }));
          throw new OffsiteCopyError(`The copy in the bucket does not match the local file: ${mismatch}`);
        }
        return { key, bytes: local.bytes, sha256: local.sha256Hex };
      } catch (error) {
        throw new OffsiteCopyError(describeOffsiteError(error), { cause: error });
      }
    },
    async deleteObject(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: target.bucket, Key: fullKey(key) }));
      } catch (error) {
        throw new OffsiteCopyError(describeOffsiteError(error), { cause: error });
      }
    },
    async list(keyPrefix) {
      const objects: OffsiteObject[] = [];
      try {
        const pages = paginateListObjectsV2(
          { client },
          { Bucket: target.bucket, Prefix: fullKey(keyPrefix) },
        );
        for await (const page of pages)
          for (const object of page.Contents ?? [])
            if (object.Key)
              objects.push({
                key: object.Key.slice(target.prefix.length),
                bytes: object.Size ?? 0,
                lastModified: object.LastModified ?? null,
              });
      } catch (error) {
        throw new OffsiteCopyError(describeOffsiteError(error), { cause: error });
      }
      return objects;
    },
    close: () => client.destroy(),
  };
}

type LocalFile = {
  bytes: number;
  partSize: number;
  sha256Hex: string;
  /** base64 SHA-256 of the whole file, as S3 reports a single upload's checksum. */
  sha256Base64: string;
  /** S3's checksum of a multipart upload: SHA-256 of the parts' SHA-256 digests, then `-<parts>`. */
  compositeSha256: string;
  parts: number;
};

/** One read of the file: its SHA-256, and each part's as the upload will cut it. */
async function hashFile(path: string): Promise<LocalFile> {
  const { size } = await stat(path);
  const partSize = Math.max(PART_SIZE, Math.ceil(size / MAX_PARTS));
  const whole = createHash('sha256');
  const partDigests: Buffer[] = [];
  let part = createHash('sha256');
  let inPart = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    whole.update(chunk);
    for (let offset = 0; offset < chunk.length; ) {
      const take = Math.min(partSize - inPart, chunk.length - offset);
      part.update(chunk.subarray(offset, offset + take));
      inPart += take;
      offset += take;
      if (inPart === partSize) {
        partDigests.push(part.digest());
        part = createHash('sha256');
        inPart = 0;
      }
    }
  }
  if (inPart > 0 || partDigests.length === 0) partDigests.push(part.digest());
  const digest = whole.digest();
  return {
    bytes: size,
    partSize,
    sha256Hex: digest.toString('hex'),
    sha256Base64: digest.toString('base64'),
    compositeSha256: `${createHash('sha256').update(Buffer.concat(partDigests)).digest('base64')}-${partDigests.length}`,
    parts: partDigests.length,
  };
}

/** What differs between the stored object and the local file, or null. */
function storedMismatch(stored: HeadObjectCommandOutput, local: LocalFile): string | null {
  if (stored.ContentLength !== local.bytes) return `${stored.ContentLength} bytes stored for ${local.bytes}`;
  if (stored.Metadata?.[SHA256_METADATA] !== local.sha256Hex) return 'its SHA-256 metadata differs';
  const reported = stored.ChecksumSHA256;
  // A provider that keeps no checksum reports none; one that does must report the file's.
  if (reported && reported !== local.sha256Base64 && reported !== local.compositeSha256)
    return `the storage's SHA-256 is ${reported}`;
  return null;
}

/**
 * An error as the owner can act on it: the provider's code and message (`InvalidAccessKeyId: The AWS Access
 * Key Id you provided does not exist…`), or the connection's. The SDK never puts a credential in either.
 */
export function describeOffsiteError(error: unknown): string {
  if (error instanceof OffsiteCopyError) return error.message;
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (error.name && error.name !== 'Error' && error.message && !error.message.startsWith(error.name))
    return `${error.name}: ${error.message}${status ? ` (HTTP ${status})` : ''}`;
  if (code && !error.message.includes(code)) return `${code}: ${error.message}`;
  return error.message || error.name || 'unknown error';
}
