// `npm run rotate-secrets-key`: seals every stored secret (PSP credentials) again under a new key, in one
// transaction — all or none. Same configuration as `npm start`. With SECRETS_KEY set it prints the new key:
// set it as SECRETS_KEY on every instance and restart them (until then they cannot open the secrets, and say
// so). On the embedded database the new key replaces DATA_DIR/secrets-key; restart the server. Run it while
// no charge is being created (the server stopped, or quiet), since a running instance keeps the old key.
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resealAll, storedSecretKeyIds } from '../lib/sealed-columns.ts';
import { createSecretBox, resolveSecretBox, SECRETS_KEY_FILE } from '../lib/secret-box.ts';
import { openCommandDatabase } from './command-database.ts';

const { env, dataDir, database, close } = await openCommandDatabase();
try {
  const isEmbedded = !env.DATABASE_URL;
  const current = resolveSecretBox({
    configured: env.SECRETS_KEY,
    dataDir,
    isEmbedded,
    storedKeyIds: await storedSecretKeyIds(database.db),
  });
  if (!current) {
    console.error(
      'SECRETS_KEY is not set and no secret is stored: set SECRETS_KEY (32 bytes, hex or base64) first.',
    );
    process.exitCode = 1;
  } else {
    const newKey = randomBytes(32);
    const next = createSecretBox(newKey);
    // The embedded key file is replaced only once the transaction has committed; until then the new key
    // waits beside it, so an interrupted run leaves it findable.
    const keyFile = join(dataDir, SECRETS_KEY_FILE);
    const pending = `${keyFile}.next`;
    const writesFile = isEmbedded && !env.SECRETS_KEY;
    if (writesFile) writeFileSync(pending, newKey.toString('base64url'), { mode: 0o600 });
    try {
      const count = await database.db.transaction((tx) => resealAll(tx, current, next));
      if (writesFile) renameSync(pending, keyFile);
      console.log(`Re-sealed ${count} secret(s): key ${current.keyId} → ${next.keyId}.`);
      if (writesFile) console.log(`The new key is in ${keyFile}. Restart the server.`);
      else console.log(`Set this on every instance and restart them:\nSECRETS_KEY=${newKey.toString('hex')}`);
    } catch (error) {
      if (writesFile) rmSync(pending, { force: true });
      throw error;
    }
  }
} finally {
  await close();
}
