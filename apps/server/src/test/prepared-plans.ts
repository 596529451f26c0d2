import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { organizationTransaction } from '../db/row-level-security.ts';

type PlanCounts = { name: string; generic: number; custom: number };

/**
 * What `run` adds to the plans of the named prepared statements on its transaction's connection (which may
 * have run them for earlier tests), and the plan mode the transaction is left in: how a list's statements are
 * planned, seen from PostgreSQL's `pg_prepared_statements` (decision 018).
 */
export async function plansAddedBy<Result>(
  tenantDb: Database,
  organizationId: string,
  names: readonly string[],
  run: (db: Database) => Promise<Result>,
): Promise<{ result: Result; added: PlanCounts[]; planCacheMode: string | undefined }> {
  return organizationTransaction(tenantDb, organizationId, async (tx) => {
    const db = tx as unknown as Database;
    const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
    const plans = async () =>
      rowsOf<PlanCounts>(
        await tx.execute(sql`select name, generic_plans::int as generic, custom_plans::int as custom
          from pg_prepared_statements where name in ${names}`),
      );
    const before = await plans();
    const result = await run(db);
    const added = (await plans())
      .map(({ name, generic, custom }) => {
        const earlier = before.find((plan) => plan.name === name);
        return { name, generic: generic - (earlier?.generic ?? 0), custom: custom - (earlier?.custom ?? 0) };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
    const [setting] = rowsOf<{ plan_cache_mode: string }>(await tx.execute(sql`show plan_cache_mode`));
    return { result, added, planCacheMode: setting?.plan_cache_mode };
  });
}
