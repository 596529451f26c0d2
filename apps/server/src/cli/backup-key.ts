// `npm run backup-key [-- --private-key <file>] [--no-passphrase] [--replace]`: makes the owner's backup key
// (decision 036). The public key goes where the server finds it (BACKUP_PUBLIC_KEY_FILE, else
// DATA_DIR/backup-public-key.pem); backups need nothing else. The private key — which every restore needs — is
// written to the file named (default: ./reformer-backup-private-key-<fingerprint>.json), sealed under a
// passphrase asked on the terminal (or BACKUP_PASSPHRASE), and belongs OFF this server.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  BACKUP_PUBLIC_KEY_FILE,
  backupKeyFingerprint,
  formatFingerprint,
  generateBackupKeyPair,
  parseBackupPublicKey,
  publicKeyPem,
  rawPublicKey,
} from '../backups/backup-keys.ts';
import { privateKeyFileText } from '../backups/backup-private-key-file.ts';
import { parseEnv } from '../env.ts';
import { commandArguments } from './command-arguments.ts';
import { promptHidden } from './prompt-hidden.ts';

const { values } = commandArguments(
  {
    options: {
      'private-key': { type: 'string' },
      'no-passphrase': { type: 'boolean', default: false },
      replace: { type: 'boolean', default: false },
    },
  },
  'Usage: npm run backup-key [-- --private-key <file>] [--no-passphrase] [--replace]',
);
const env = parseEnv();
const publicPath = resolve(env.BACKUP_PUBLIC_KEY_FILE ?? join(env.DATA_DIR, BACKUP_PUBLIC_KEY_FILE));
if (existsSync(publicPath) && !values.replace) {
  const current = parseBackupPublicKey(readFileSync(publicPath, 'utf8'));
  const named = current ? ` (${formatFingerprint(backupKeyFingerprint(current))})` : '';
  console.error(
    `A backup key exists already${named}: ${publicPath}. The backups made for it open only with its private key. ` +
      'To make a new one anyway, run again with --replace, and keep the old private key for the old backups.',
  );
  process.exit(1);
}

async function choosePassphrase(): Promise<string | null> {
  if (env.BACKUP_PASSPHRASE) return env.BACKUP_PASSPHRASE;
  if (values['no-passphrase']) return null;
  const first = await promptHidden('Passphrase for the private key (empty for none): ');
  if (!first) return null;
  const again = await promptHidden('The same passphrase again: ');
  if (again !== first) {
    console.error('The two passphrases differ; nothing was written.');
    process.exit(1);
  }
  return first;
}

const { publicKey, privateKey } = generateBackupKeyPair();
const fingerprint = formatFingerprint(backupKeyFingerprint(publicKey));
const passphrase = await choosePassphrase();
const privatePath = resolve(
  values['private-key'] ?? `reformer-backup-private-key-${fingerprint.replace(/:/g, '').slice(0, 8)}.json`,
);
mkdirSync(dirname(privatePath), { recursive: true });
writeFileSync(privatePath, privateKeyFileText(privateKey, passphrase), { mode: 0o600, flag: 'wx' });
mkdirSync(dirname(publicPath), { recursive: true });
writeFileSync(`${publicPath}.next`, publicKeyPem(publicKey), { mode: 0o644 });
renameSync(`${publicPath}.next`, publicPath);

console.log(`Backup key ${fingerprint} made.
  Public key (the server makes backups with it): ${publicPath}
  Private key (every restore needs it):          ${privatePath}${passphrase ? ' — sealed with your passphrase' : ' — NOT protected by a passphrase'}

Move the private key OFF this server now: to a password manager, a USB stick kept elsewhere, the owner's
computer. Whoever holds it (and its passphrase) can read every backup; without it no backup can be restored.
Then delete it here, e.g. \`shred -u ${privatePath}\`.`);
if (env.BACKUP_PUBLIC_KEY)
  console.log(
    `\nBACKUP_PUBLIC_KEY is set and wins over the file: set it to the new key on every instance:\nBACKUP_PUBLIC_KEY=${rawPublicKey(publicKey).toString('base64url')}`,
  );
