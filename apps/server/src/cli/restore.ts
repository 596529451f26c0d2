// `npm run restore -- <file> --key <private key file> (--data-dir <new folder> | --database-url <empty database>
// | --over-current --yes) [--check]`: restores a backup of `npm run backup` (decision 036) after checking the
// key, every chunk and checksum, and the versions; --check stops after the checks. The private key's
// passphrase is asked on the terminal, or read from BACKUP_PASSPHRASE.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sessionInstant } from '@reformer/domain/time-zones';
import { BackupFileError } from '../backups/backup-container.ts';
import {
  BackupKeyError,
  isPassphraseProtected,
  openPrivateKeyFile,
} from '../backups/backup-private-key-file.ts';
import { backupSettings, walArchiveFolder } from '../backups/backup-runs.ts';
import { RestoreRefusedError } from '../backups/backup-versions.ts';
import type { Recovery } from '../backups/physical-restore.ts';
import { purgeLedgerPath, readPurgeLedger } from '../backups/purge-ledger.ts';
import {
  checkBackup,
  describeBackup,
  type RestoreTarget,
  restoreBackup,
  withoutPassword,
} from '../backups/restore-backup.ts';
import { parseEnv } from '../env.ts';
import { commandArguments } from './command-arguments.ts';
import { promptHidden } from './prompt-hidden.ts';

const USAGE =
  'Usage: npm run restore -- <backup file> --key <private key file> ' +
  '(--data-dir <new folder> | --database-url <empty database> | --over-current --yes) [--check]\n' +
  '  a physical backup also takes: [--wal-archive <folder>] [--to-time "2026-11-27 14:05" | ISO time]\n' +
  '  the LGPD purge ledger replayed after it: [--purge-ledger <file>] (default: BACKUP_DIR/purge-ledger.jsonl)';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values, positionals } = commandArguments(
  {
    allowPositionals: true,
    options: {
      key: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'over-current': { type: 'boolean', default: false },
      yes: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      'wal-archive': { type: 'string' },
      'to-time': { type: 'string' },
      'purge-ledger': { type: 'string' },
    },
  },
  USAGE,
);
const env = parseEnv();

function chooseTarget(): RestoreTarget {
  const dataDir = values['data-dir'] ? resolve(values['data-dir']) : undefined;
  if (values['over-current']) {
    if (!values.yes)
      fail(
        '--over-current replaces the studio in DATA_DIR (moved aside, not deleted): add --yes to confirm.',
      );
    if (dataDir || values['database-url']) fail(USAGE);
    if (env.DATABASE_URL)
      fail(
        'With DATABASE_URL, restore into a new empty database with --database-url, then point DATABASE_URL at it.',
      );
    return { kind: 'over-current', dataDir: resolve(env.DATA_DIR) };
  }
  if (values['database-url'])
    return {
      kind: 'database-url',
      databaseUrl: values['database-url'],
      secretsDir: dataDir ?? resolve(env.DATA_DIR),
    };
  if (dataDir) return { kind: 'new-data-dir', dataDir };
  return fail(USAGE);
}

async function readPrivateKey(path: string) {
  const text = readFileSync(path, 'utf8');
  const passphrase = isPassphraseProtected(text)
    ? (env.BACKUP_PASSPHRASE ?? (await promptHidden('Passphrase of the backup private key: ')))
    : null;
  if (isPassphraseProtected(text) && !passphrase)
    fail('The private key is protected by a passphrase: run this on a terminal, or set BACKUP_PASSPHRASE.');
  return openPrivateKeyFile(text, passphrase);
}

function nextSteps(target: RestoreTarget, movedAside: string | undefined, hasSecretsKey: boolean): string {
  if (target.kind === 'new-data-dir')
    return `Start the restored studio with: DATA_DIR=${target.dataDir} npm start  (DATABASE_URL unset)`;
  if (target.kind === 'over-current')
    return `The previous DATA_DIR is now ${movedAside} (nothing was deleted). Start the server: npm start`;
  const secretsKey = hasSecretsKey ? ` SECRETS_KEY=$(cat ${target.secretsDir}/secrets-key)` : '';
  return (
    `The DATA_DIR files are in ${target.secretsDir}. Start with:\n` +
    `  DATABASE_URL=${withoutPassword(target.databaseUrl)} DATA_DIR=${target.secretsDir}${secretsKey} npm start\n` +
    '  (the URL with its password; on several instances set AUTH_SECRET and SECRETS_KEY from those files on each)'
  );
}

/**
 * The moment to stop at: an ISO time with its offset, or the studio's wall-clock time ("2026-11-27 14:05") in
 * BACKUP_TIME_ZONE, as the owner remembers the mistake.
 */
function parseMoment(text: string): Date {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (local?.[1] && local[2]) {
    const at = sessionInstant(local[1], local[2], env.BACKUP_TIME_ZONE);
    return new Date(at.getTime() + Number(local[3] ?? 0) * 1000);
  }
  const at = new Date(text);
  if (Number.isNaN(at.getTime()) || !/(Z|[+-]\d{2}:?\d{2})$/.test(text.trim()))
    fail(
      `--to-time: "${text}" is neither "YYYY-MM-DD HH:MM" (in ${env.BACKUP_TIME_ZONE}) nor an ISO time with its offset.`,
    );
  return at;
}

/**
 * A physical backup replays the WAL archive when there is one: the one named, else the one beside the backups
 * (BACKUP_DIR/wal) — the latest point by default, or the moment given.
 */
function chooseRecovery(): Recovery {
  const toTime = values['to-time'] ? parseMoment(values['to-time']) : undefined;
  const named = values['wal-archive'] ? resolve(values['wal-archive']) : undefined;
  const beside = walArchiveFolder(backupSettings(env));
  return { toTime, walArchiveDir: named ?? (existsSync(beside) ? beside : undefined) };
}

const [file] = positionals;
if (!file || positionals.length > 1 || !values.key) fail(USAGE);
// The target is checked before the passphrase is asked for.
const target = values.check ? null : chooseTarget();
try {
  const privateKey = await readPrivateKey(resolve(values.key));
  if (!target) {
    const { manifest } = await checkBackup(resolve(file), privateKey);
    console.log(`The backup checks out and can be restored here: ${describeBackup(manifest)}.`);
  } else {
    const started = Date.now();
    const ledgerPath = resolve(values['purge-ledger'] ?? purgeLedgerPath(backupSettings(env).folder));
    const { manifest, rows, purgesReplayed, movedAside } = await restoreBackup({
      file: resolve(file),
      privateKey,
      target,
      recovery: chooseRecovery(),
      purgeLedger: await readPurgeLedger(ledgerPath),
      log: (line) => console.log(line),
    });
    const hasSecretsKey = manifest.entries.some((entry) => entry.name === 'data-dir/secrets-key');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      rows === null ? `Restored the cluster in ${seconds} s.` : `Restored ${rows} rows in ${seconds} s.`,
    );
    console.log(
      existsSync(ledgerPath)
        ? `The purge ledger (${ledgerPath}) erased again ${purgesReplayed} customer(s) purged after the backup's moment.`
        : `No purge ledger at ${ledgerPath}: if customers were purged (LGPD) after this backup, purge them again.`,
    );
    console.log(nextSteps(target, movedAside, hasSecretsKey));
  }
} catch (error) {
  const known = [BackupFileError, BackupKeyError, RestoreRefusedError].some((kind) => error instanceof kind);
  console.error(
    known ? `Refused: ${(error as Error).message}` : `The restore failed: ${(error as Error).message}`,
  );
  if (known) console.error('Nothing was written.');
  process.exitCode = 1;
}
