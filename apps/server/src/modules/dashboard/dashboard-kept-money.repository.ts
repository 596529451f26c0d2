import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lockKeptFigures } from '../../db/kept-figures.ts';
import { dashboardMoney, dashboardMoneyMarks } from '../../db/schema/index.ts';

/**
 * The dashboard's money figures kept per organization and local date (decision 018, issue #33): what
 * `compute` gave, until a write to a table they read marks the organization (migration 0041) or the date
 * moves. Then one read, under the organization's refresh lock (`lockKeptFigures`), consumes the marks
 * committed at that moment and computes afresh in later statements, which see at least those writes; a write
 * still uncommitted keeps its mark for the next read, so a kept figure is never older than the last write the
 * read could see.
 */
export async function keptMoney<Figures>(
  db: Database,
  organizationId: string,
  day: string,
  compute: () => Promise<Figures>,
): Promise<Figures> {
  const kept = await currentFigures(db, organizationId, day);
  if (kept) return kept.figures as Figures;
  await lockKeptFigures(db, organizationId);
  // Another read may have refreshed them while this one waited for the lock.
  const refreshed = await currentFigures(db, organizationId, day);
  if (refreshed) return refreshed.figures as Figures;
  await db.execute(
    sql`delete from ${dashboardMoneyMarks} where ${dashboardMoneyMarks.organizationId} = ${organizationId}`,
  );
  const figures = await compute();
  await db
    .insert(dashboardMoney)
    .values({ organizationId, day, figures })
    .onConflictDoUpdate({ target: dashboardMoney.organizationId, set: { day, figures } });
  return figures;
}

/** The kept figures of `day`, if no write has marked the organization since they were computed. */
async function currentFigures(db: Database, organizationId: string, day: string) {
  const result = await db.execute(sql`select ${dashboardMoney.figures} as figures from ${dashboardMoney}
    where ${dashboardMoney.organizationId} = ${organizationId} and ${dashboardMoney.day} = ${day}
      and not exists (select 1 from ${dashboardMoneyMarks}
        where ${dashboardMoneyMarks.organizationId} = ${organizationId})`);
  return (result as unknown as { rows: { figures: unknown }[] }).rows[0];
}
