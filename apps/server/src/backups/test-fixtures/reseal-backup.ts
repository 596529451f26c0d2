import type { KeyObject } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { readBackupFile, writeBackupFile } from '../backup-file.ts';
import type { BackupManifest } from '../backup-manifest.ts';

/**
 * A copy of a (small) backup file with its manifest changed by `edit` and every checksum right — a backup as a
 * Reformer of another version would have written it. Written into a new folder beside `folder`.
 */
export async function resealBackup(options: {
  file: string;
  folder: string;
  privateKey: KeyObject;
  recipient: KeyObject;
  edit: (manifest: BackupManifest) => BackupManifest;
}): Promise<string> {
  const contents = new Map<string, Buffer>();
  const manifest = options.edit(
    await readBackupFile(options.file, options.privateKey, async (entry) => {
      const parts: Buffer[] = [];
      for await (const chunk of entry.content) parts.push(chunk);
      contents.set(entry.name, Buffer.concat(parts));
    }),
  );
  const { entries, kind, createdAt, ...fields } = manifest;
  const written = await writeBackupFile({
    folder: mkdtempSync(join(options.folder, 'resealed-')),
    recipient: options.recipient,
    createdAt: new Date(createdAt),
    kind,
    fill: async (backup) => {
      for (const entry of entries) {
        const { table } = entry;
        await backup.add(
          entry.name,
          [contents.get(entry.name) ?? Buffer.alloc(0)],
          table ? () => table : undefined,
        );
      }
      return fields;
    },
  });
  return written.path;
}
