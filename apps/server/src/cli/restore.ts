// `npm run restore -- <file> --key <private key file> (--data-dir <new folder> | --database-url <empty database>
// | --over-current --yes) [--check]`: restores a backup of `npm run backup` (decision 036) after checking the
// key, every chunk and checksum, and the versions; --check stops after the checks. The private key's
// passphrase is asked on the terminal, or read from BACKUP_PASSPHRASE.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BackupFileError } from '../backups/backup-container.ts';
import {
  BackupKeyError,
  isPassphraseProtected,
  openPrivateKeyFile,
} from '../backups/backup-private-key-file.ts';
import { RestoreRefusedError } from '../backups/backup-versions.ts';
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
  '(--data-dir <new folder> | --database-url <empty database> | --over-current --yes) [--check]';

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
    const { manifest, rows, movedAside } = await restoreBackup({
      file: resolve(file),
      privateKey,
      target,
      log: (line) => console.log(line),
    });
    const hasSecretsKey = manifest.entries.some((entry) => entry.name === 'data-dir/secrets-key');
    console.log(`Restored ${rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
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
