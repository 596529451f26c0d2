import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

export const TEMPLATE_DATABASE = 'reformer_test_template';

/**
 * With DATABASE_URL set, the suite runs on that PostgreSQL server: migrate a template database once, and
 * every test file clones it into a database of its own. Without it, each file migrates an in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await dropTestDatabases(admin);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  const template = await openDatabase({ databaseUrl: withDatabase(databaseUrl, TEMPLATE_DATABASE) });
  await template.migrate();
  await template.close();
  project.provide('templateDatabaseUrl', databaseUrl);
  return async () => {
    await dropTestDatabases(admin);
    await admin.end();
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
    templateDatabaseUrl: string | undefined;
  }
}
