import type { Database } from './client.ts';

const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * A statement on the hot path of many requests, built once per database and sent under `name` as a named
 * prepared statement (`build` passes the name to Drizzle's `.prepare`). Building the SQL in Drizzle and
 * parsing it in PostgreSQL cost more than running the small queries that use this.
 *
 * Plans are not frozen by it: db/client.ts sets plan_cache_mode=force_custom_plan, because the best plan of
 * a search depends on its words (a rare name → the trigram index, a common one → name order).
 *
 * `name` must say everything that changes the SQL text (e.g. how many words a search has).
 */
export function preparedStatement<Statement>(
  db: Database,
  name: string,
  build: (name: string) => Statement,
): Statement {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as Statement | undefined;
  if (!statement) {
    statement = build(name);
    byName.set(name, statement);
  }
  return statement;
}
