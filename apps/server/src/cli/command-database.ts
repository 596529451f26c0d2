import { resolve } from 'node:path';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import {
  runningEmbeddedPostgresUrl,
  startEmbeddedPostgres,
} from '../db/embedded-postgres/embedded-postgres.ts';
import { oldMajorSearchOf } from '../db/embedded-postgres/old-major-binaries.ts';
import { type Env, parseEnv } from '../env.ts';

/**
 * For an operator command run beside the server, with the same configuration as `npm start`: DATABASE_URL,
 * or the embedded PostgreSQL in DATA_DIR — the running server's, or started here for the moment (and
 * stopped by `close`). Migrated, so a command never meets an older schema than the code — except with
 * `migrate: false`, for a backup, which reads the database at whatever migration it has reached.
 */
export async function openCommandDatabase(options: { migrate?: boolean } = {}): Promise<{
  env: Env;
  dataDir: string;
  database: DatabaseHandle;
  close: () => Promise<void>;
}> {
  const env = parseEnv();
  const dataDir = resolve(env.DATA_DIR);
  const running = env.DATABASE_URL ?? (await runningEmbeddedPostgresUrl(dataDir));
  const embedded = running
    ? null
    : await startEmbeddedPostgres(dataDir, { oldMajorSearch: oldMajorSearchOf(env) });
  const database = openDatabase(running ?? (embedded?.url as string));
  const close = async () => {
    await database.close();
    await embedded?.stop();
  };
  try {
    if (options.migrate !== false) await database.migrate();
  } catch (error) {
    await close();
    throw error;
  }
  return { env, dataDir, database, close };
}
