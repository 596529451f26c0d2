import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { TEMPLATE_DATABASE, withDatabase } from './global-setup.ts';

/** A clean, migrated database for one test file: a clone of the template the global setup migrated. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = inject('serverDatabaseUrl');
  const name = `reformer_test_${randomUUID().replaceAll('-', '')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
  const database = openDatabase(withDatabase(serverUrl, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
