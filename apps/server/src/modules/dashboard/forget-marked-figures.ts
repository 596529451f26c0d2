import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { forgetMarkedDays, lockKeptFigures } from '../../db/kept-figures.ts';
import { dashboardMarks, dashboardMoney, dashboardMoneyMarks } from '../../db/schema/index.ts';

/**
 * Every write to a table the dashboard's figures read adds a mark (migrations 0039 and 0041), and only a
 * dashboard read consumes them: an organization whose dashboard nobody opens — its writes come from the
 * portal, the webhooks and the jobs — would pile them up for ever. Daily, each organization's marks are
 * consumed as a read would and what they made stale is forgotten rather than recomputed: the marked dates'
 * kept session figures, and the kept money. A read then computes them when it needs them, the same work the
 * marks would have cost it. Under the organization's refresh lock, so no read is refreshing meanwhile; a mark
 * committed after its DELETE runs stays for the next read or run. Returns the organizations cleared.
 */
export async function forgetMarkedFigures(db: Database): Promise<number> {
  const marked = await db.execute(sql`
    select ${dashboardMarks.organizationId} as "organizationId" from ${dashboardMarks}
    union
    select ${dashboardMoneyMarks.organizationId} from ${dashboardMoneyMarks}`);
  const organizationIds = (marked as unknown as { rows: { organizationId: string }[] }).rows;
  for (const { organizationId } of organizationIds) {
    await db.transaction(async (tx) => {
      await lockKeptFigures(tx, organizationId);
      await forgetMarkedDays(tx, organizationId);
      await tx.execute(sql`
        with consumed as (
          delete from ${dashboardMoneyMarks} where ${dashboardMoneyMarks.organizationId} = ${organizationId}
          returning 1
        )
        delete from ${dashboardMoney}
        where ${dashboardMoney.organizationId} = ${organizationId} and exists (select 1 from consumed)`);
    });
  }
  return organizationIds.length;
}
