import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * A real S3-compatible server for the tests (s3rver: the S3 REST API over a folder, in this process), on a
 * port of its own. It checks the access key id (`S3RVER`) but not SigV4 signatures, so a wrong key id is the
 * wrong credential it can refuse. `stop` and `start` again keep its port and folder: a storage that was down.
 */
export const S3_ACCESS_KEY_ID = 'S3RVER';
export const S3_SECRET_ACCESS_KEY = 'S3RVER';

export type TestS3Server = {
  bucket: string;
  endpoint: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A client with the right credentials, for a test to look into the bucket. */
  client: S3Client;
  /** BACKUP_S3_* for this server, as strings (createTestApp's overrides). */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startS3Server(bucket = 'reformer-backups'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'reformer-s3-'));
  const make = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
  let server: S3rver | null = make(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'sa-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const stop = async () => {
    await server?.close();
    server = null;
  };
  return {
    bucket,
    endpoint,
    port,
    async start() {
      if (server) return;
      server = make(port);
      await server.run();
    },
    stop,
    client,
    env: {
      BACKUP_S3_BUCKET: bucket,
      BACKUP_S3_REGION: 'sa-east-1',
      BACKUP_S3_ENDPOINT: endpoint,
      BACKUP_S3_PREFIX: 'studio/',
      BACKUP_S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID,
      BACKUP_S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY,
    },
    async close() {
      client.destroy();
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
