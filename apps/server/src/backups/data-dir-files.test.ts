import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectDataDirFiles, dataDirPath } from './data-dir-files.ts';

/** Which DATA_DIR files a backup carries, and where a restore may write them (decision 036). */

const dataDir = mkdtempSync(join(tmpdir(), 'reformer-data-dir-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const files: [string, string][] = [
  ['auth-secret', 'auth from the file'],
  ['secrets-key', 'key from the file'],
  ['postgres-password', 'the cluster password'],
  ['postgres.url', 'postgres://postgres:secret@127.0.0.1:5555/reformer'],
  ['postgres.log', 'log'],
  ['postgres/PG_VERSION', '18'],
  ['backups/reformer-backup-2026-01-01T00-00-00.000Z-logical.rfb', 'an older backup'],
  ['pix-emulator/ca/ca.pem', 'the sandbox CA'],
];
for (const [path, content] of files) {
  mkdirSync(join(dataDir, path, '..'), { recursive: true });
  writeFileSync(join(dataDir, path), content);
}

const collected = (source: Partial<Parameters<typeof collectDataDirFiles>[0]>) =>
  Object.fromEntries(
    collectDataDirFiles({
      dataDir,
      isEmbedded: true,
      authSecret: undefined,
      secretsKey: undefined,
      backupPublicKeyPem: 'PEM',
      ...source,
    }).map(({ path, content }) => [path, content.toString()]),
  );

describe('the DATA_DIR files of a backup', () => {
  it('are the secrets, the backup public key and the sandbox’s files — never the cluster or the backups', () => {
    expect(collected({})).toEqual({
      'auth-secret': 'auth from the file',
      'secrets-key': 'key from the file',
      'backup-public-key.pem': 'PEM',
      'pix-emulator/ca/ca.pem': 'the sandbox CA',
    });
  });

  it('hold the secrets the server reads: AUTH_SECRET and SECRETS_KEY win, and a server ignores the key file', () => {
    const configured = collected({
      authSecret: 'auth from the environment',
      secretsKey: 'key from the environment',
    });
    expect(configured).toMatchObject({
      'auth-secret': 'auth from the environment',
      'secrets-key': 'key from the environment',
    });
    expect(collected({ isEmbedded: false })['secrets-key']).toBeUndefined();
  });
});

describe('where a restore writes them', () => {
  it('is inside DATA_DIR only', () => {
    expect(dataDirPath('data-dir/pix-emulator/ca/ca.pem')).toBe(join('pix-emulator', 'ca', 'ca.pem'));
    for (const name of [
      'data-dir/../outside',
      'data-dir/a/../../outside',
      'data-dir//etc/passwd',
      'data-dir/',
      'table/x',
    ])
      expect(dataDirPath(name), name).toBeNull();
  });
});
