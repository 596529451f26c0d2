import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BackupFileError,
  createOpeningStream,
  createSealingStream,
  HEADER_BYTES,
} from './backup-container.ts';
import { readBackupFile, writeBackupFile } from './backup-file.ts';
import { generateBackupKeyPair } from './backup-keys.ts';
import type { BackupManifest } from './backup-manifest.ts';

/** The container (decision 036): what it seals opens with the right key only, and any change is refused. */

const folder = mkdtempSync(join(tmpdir(), 'reformer-backup-container-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const owner = generateBackupKeyPair();
const stranger = generateBackupKeyPair();

/** A chunk of 1 KiB, so a few KiB of payload make several chunks. */
const CHUNK_LOG2 = 10;
const SEALED_CHUNK = 1024 + 16;

async function seal(payload: Buffer): Promise<Buffer> {
  return buffer(Readable.from([payload]).pipe(createSealingStream(owner.publicKey, CHUNK_LOG2)));
}

async function open(sealed: Buffer, privateKey = owner.privateKey): Promise<Buffer> {
  const opening = createOpeningStream(privateKey);
  const result = buffer(opening);
  opening.end(sealed);
  return result;
}

async function refusal(sealed: Buffer, privateKey = owner.privateKey): Promise<BackupFileError> {
  const error = await open(sealed, privateKey).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BackupFileError);
  return error as BackupFileError;
}

function flipped(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

describe('the sealed stream', () => {
  const payload = randomBytes(5000);

  it('opens with the recipient private key into what was sealed, in chunks of the size named', async () => {
    const sealed = await seal(payload);
    // Four full chunks and a final one of 904 bytes, each with its tag.
    expect(sealed.length).toBe(HEADER_BYTES + 4 * SEALED_CHUNK + (5000 - 4096) + 16);
    expect((await open(sealed)).equals(payload)).toBe(true);
    expect(sealed.includes(payload.subarray(0, 32))).toBe(false);
  });

  it('seals an empty payload and one that fills its last chunk exactly, with a final chunk each', async () => {
    expect((await open(await seal(Buffer.alloc(0)))).length).toBe(0);
    const exact = randomBytes(2048);
    const sealed = await seal(exact);
    expect(sealed.length).toBe(HEADER_BYTES + 2 * SEALED_CHUNK + 16);
    expect((await open(sealed)).equals(exact)).toBe(true);
  });

  it('refuses another private key, naming the key the file was made for', async () => {
    const error = await refusal(await seal(payload), stranger.privateKey);
    expect(error.problem).toBe('KEY_MISMATCH');
    expect(error.message).toMatch(/made for the backup key [0-9a-f:]{39}; the private key given is/);
  });

  it('refuses a file with one byte flipped anywhere: header, body or tag', async () => {
    const sealed = await seal(payload);
    const places = {
      magic: 0,
      version: 8,
      chunkSize: 9,
      reserved: 10,
      fingerprint: 20,
      ephemeralKey: HEADER_BYTES - 1,
      firstChunk: HEADER_BYTES + 5,
      firstTag: HEADER_BYTES + SEALED_CHUNK - 1,
      middleChunk: HEADER_BYTES + 2 * SEALED_CHUNK + 500,
      lastChunk: sealed.length - 20,
      lastTag: sealed.length - 1,
    };
    const problems = Object.fromEntries(
      await Promise.all(
        Object.entries(places).map(async ([place, at]) => [
          place,
          (await refusal(flipped(sealed, at))).problem,
        ]),
      ),
    );
    expect(problems).toEqual({
      magic: 'NOT_A_BACKUP',
      version: 'UNSUPPORTED_VERSION',
      chunkSize: 'DAMAGED',
      reserved: 'DAMAGED',
      fingerprint: 'KEY_MISMATCH',
      ephemeralKey: 'DAMAGED',
      firstChunk: 'DAMAGED',
      firstTag: 'DAMAGED',
      middleChunk: 'DAMAGED',
      lastChunk: 'DAMAGED',
      lastTag: 'DAMAGED',
    });
  });

  it('refuses a file cut short anywhere, at a chunk boundary too', async () => {
    const sealed = await seal(payload);
    const ends = [0, 5, HEADER_BYTES, HEADER_BYTES + 100, HEADER_BYTES + 2 * SEALED_CHUNK, sealed.length - 1];
    for (const end of ends) {
      const error = await refusal(sealed.subarray(0, end));
      expect(error.problem, `cut at ${end}`).toBe(end === 0 ? 'NOT_A_BACKUP' : 'DAMAGED');
    }
  });

  it('refuses chunks moved, dropped or repeated', async () => {
    const sealed = await seal(payload);
    const header = sealed.subarray(0, HEADER_BYTES);
    const chunk = (index: number) =>
      sealed.subarray(HEADER_BYTES + index * SEALED_CHUNK, HEADER_BYTES + (index + 1) * SEALED_CHUNK);
    const rest = sealed.subarray(HEADER_BYTES + 4 * SEALED_CHUNK);
    const swapped = Buffer.concat([header, chunk(1), chunk(0), chunk(2), chunk(3), rest]);
    const dropped = Buffer.concat([header, chunk(0), chunk(2), chunk(3), rest]);
    const repeated = Buffer.concat([header, chunk(0), chunk(0), chunk(1), chunk(2), chunk(3), rest]);
    for (const changed of [swapped, dropped, repeated])
      expect((await refusal(changed)).problem).toBe('DAMAGED');
  });

  it('refuses a body moved under another file’s header (the header is every chunk’s additional data)', async () => {
    const first = await seal(payload);
    const second = await seal(payload);
    const mixed = Buffer.concat([second.subarray(0, HEADER_BYTES), first.subarray(HEADER_BYTES)]);
    expect((await refusal(mixed)).problem).toBe('DAMAGED');
  });
});

const identity: Omit<BackupManifest, 'entries' | 'kind' | 'createdAt'> = {
  format: 'reformer-backup',
  formatVersion: 1,
  reformerVersion: 'test',
  migration: null,
  postgres: { version: '18.0', major: 18 },
  databaseMode: 'embedded',
  snapshotAt: new Date().toISOString(),
};

async function writeSample(entries: Record<string, Buffer>) {
  return writeBackupFile({
    folder,
    recipient: owner.publicKey,
    createdAt: new Date(),
    kind: 'logical',
    fill: async (contents) => {
      for (const [name, content] of Object.entries(entries)) await contents.add(name, [content]);
      return identity;
    },
  });
}

async function readAll(path: string, privateKey = owner.privateKey) {
  const read: Record<string, Buffer> = {};
  const manifest = await readBackupFile(path, privateKey, async (entry) => {
    const parts: Buffer[] = [];
    for await (const chunk of entry.content) parts.push(chunk);
    read[entry.name] = Buffer.concat(parts);
  });
  return { manifest, read };
}

describe('a backup file', () => {
  it('reads back every entry, with the manifest listing each one’s size and checksum', async () => {
    const entries = {
      'data-dir/auth-secret': Buffer.from('secret'),
      'table/public.big': randomBytes(300_000),
    };
    const written = await writeSample(entries);
    expect(written.path).toMatch(/reformer-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-logical\.rfb$/);
    const { manifest, read } = await readAll(written.path);
    expect(read).toEqual(entries);
    expect(manifest.entries.map(({ name, bytes }) => [name, bytes])).toEqual([
      ['data-dir/auth-secret', 6],
      ['table/public.big', 300_000],
    ]);
    expect(readdirSync(folder).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('is refused whole when one byte of it is flipped', async () => {
    const written = await writeSample({ 'table/public.big': randomBytes(200_000) });
    const bytes = readFileSync(written.path);
    for (const at of [HEADER_BYTES + 10, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const changed = join(folder, `flipped-${at}.rfb`);
      writeFileSync(changed, flipped(bytes, at));
      await expect(readAll(changed)).rejects.toMatchObject({ problem: 'DAMAGED' });
    }
  });

  it('leaves no file when the backup fails half-way, and removes a partial file left by an older run', async () => {
    const stale = join(folder, 'reformer-backup-2020-01-01T00-00-00.000Z-logical.rfb.partial');
    writeFileSync(stale, 'killed half-way');
    utimesSync(stale, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const before = readdirSync(folder).filter(
      (name) => name !== 'reformer-backup-2020-01-01T00-00-00.000Z-logical.rfb.partial',
    );
    const failing = writeBackupFile({
      folder,
      recipient: owner.publicKey,
      createdAt: new Date(),
      kind: 'logical',
      fill: async (contents) => {
        await contents.add('table/public.first', [randomBytes(100_000)]);
        throw new Error('the database went away');
      },
    });
    await expect(failing).rejects.toThrow('the database went away');
    expect(readdirSync(folder).sort()).toEqual(before.sort());
  });
});
