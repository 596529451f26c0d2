import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { BackupFileError } from './backup-container.ts';

/**
 * The payload inside the container (before compression): named entries, each written as it is read, so no
 * entry is ever held whole in memory (decision 036).
 *
 *   entry  'E' | name length u16 | name (UTF-8) | frame* | u32 0      frame: u32 length (> 0) | bytes
 *   end    'Z'                                                        (after the last entry, the manifest)
 */
const ENTRY = 0x45;
const END = 0x5a;
/** Small pieces (COPY sends a row at a time) are gathered into frames of this size. */
const FRAME_BYTES = 64 * 1024;
/** A reader refuses a frame larger than this: only a damaged payload would announce one. */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export type EntrySummary = { name: string; bytes: number; sha256: string };

/** Writes entries into `out` (the compressor), waiting whenever it asks to. */
export function createEntryWriter(out: Writable) {
  const write = async (bytes: Buffer) => {
    if (!out.write(bytes)) await once(out, 'drain');
  };
  return {
    async add(name: string, content: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<EntrySummary> {
      const nameBytes = Buffer.from(name, 'utf8');
      const head = Buffer.alloc(3);
      head[0] = ENTRY;
      head.writeUInt16BE(nameBytes.length, 1);
      await write(Buffer.concat([head, nameBytes]));
      const hash = createHash('sha256');
      let bytes = 0;
      let gathered: Buffer[] = [];
      let gatheredBytes = 0;
      const flush = async () => {
        if (gatheredBytes === 0) return;
        const length = Buffer.alloc(4);
        length.writeUInt32BE(gatheredBytes);
        await write(Buffer.concat([length, ...gathered]));
        gathered = [];
        gatheredBytes = 0;
      };
      for await (const chunk of content) {
        hash.update(chunk);
        bytes += chunk.length;
        gathered.push(chunk);
        gatheredBytes += chunk.length;
        if (gatheredBytes >= FRAME_BYTES) await flush();
      }
      await flush();
      await write(Buffer.alloc(4));
      return { name, bytes, sha256: hash.digest('hex') };
    },
    async end() {
      await write(Buffer.from([END]));
    },
  };
}

/** Hands out exactly the bytes asked for from an async source of chunks. */
class ByteReader {
  private buffered: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Buffer>) {}
  async read(size: number): Promise<Buffer> {
    while (this.buffered.length < size) {
      const next = await this.source.next();
      if (next.done)
        throw new BackupFileError('DAMAGED', 'The backup file is damaged: its contents end early.');
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, next.value]) : next.value;
    }
    const bytes = this.buffered.subarray(0, size);
    this.buffered = this.buffered.subarray(size);
    return bytes;
  }
  async atEnd(): Promise<boolean> {
    if (this.buffered.length > 0) return false;
    for (;;) {
      const next = await this.source.next();
      if (next.done) return true;
      if (next.value.length > 0) {
        this.buffered = next.value;
        return false;
      }
    }
  }
}

export type Entry = { name: string; content: AsyncIterable<Buffer> };

/**
 * The entries of a payload, in order. Each entry's content must be read (or left: it is then skipped) before
 * the next is asked for. Ends after the end mark, and refuses anything after it.
 */
export async function* readEntries(source: AsyncIterable<Buffer>): AsyncGenerator<Entry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const [kind] = await reader.read(1);
    if (kind === END) break;
    if (kind !== ENTRY)
      throw new BackupFileError('DAMAGED', 'The backup file is damaged: an entry is malformed.');
    const name = (await reader.read((await reader.read(2)).readUInt16BE(0))).toString('utf8');
    let finished = false;
    async function* content() {
      for (;;) {
        const length = (await reader.read(4)).readUInt32BE(0);
        if (length === 0) break;
        if (length > MAX_FRAME_BYTES)
          throw new BackupFileError('DAMAGED', 'The backup file is damaged: an entry is malformed.');
        yield await reader.read(length);
      }
      finished = true;
    }
    const frames = content();
    yield { name, content: frames };
    if (!finished) for await (const _ of frames);
  }
  if (!(await reader.atEnd()))
    throw new BackupFileError('DAMAGED', 'The backup file is damaged: it holds data after its end.');
}
