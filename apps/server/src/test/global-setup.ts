import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres/embedded-postgres.ts';

export const TEMPLATE_DATABASE = 'reformer_test_template';

/**
 * The suite runs on the PostgreSQL at DATABASE_URL when it is set, otherwise on an embedded PostgreSQL
 * started here, as `npm start` would, in a temporary folder. Either way a template database is migrated
 * once and every test file clones it into a database of its own.
 */
export default async function setup(project: TestProject) {
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedTestServer();
  const serverUrl = embedded?.adminUrl ?? String(process.env.DATABASE_URL);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await dropTestDatabases(admin);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  const template = openDatabase(withDatabase(serverUrl, TEMPLATE_DATABASE));
  await template.migrate();
  await template.close();
  project.provide('serverDatabaseUrl', serverUrl);
  return async () => {
    await dropTestDatabases(admin);
    await admin.end();
    await embedded?.stop();
  };
}

async function startEmbeddedTestServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'reformer-test-postgres-'));
  const server = await startEmbeddedPostgres(dataDir);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function dropTestDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'reformer_test_%'",
  );
  for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
}

export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverDatabaseUrl: string;
  }
}
