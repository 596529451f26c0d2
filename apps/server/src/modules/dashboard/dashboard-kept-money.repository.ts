import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lockKeptFigures } from '../../db/kept-figures.ts';
import { preparedStatement } from '../../db/prepared.ts';
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

/**
 * The kept figures of `day`, if no write has marked the organization since they were computed. Read on every
 * call of the dashboard, so built once and sent as a named prepared statement (db/prepared.ts).
 */
async function currentFigures(db: Database, organizationId: string, day: string) {
  const statement = preparedStatement(db, 'dashboard_kept_money', (name) =>
    db
      .select({ figures: dashboardMoney.figures })
      .from(dashboardMoney)
      .where(
        and(
          eq(dashboardMoney.organizationId, sql.placeholder('organizationId')),
          eq(dashboardMoney.day, sql.placeholder('day')),
          notExists(
            db
              .select({ one: sql`1` })
              .from(dashboardMoneyMarks)
              .where(eq(dashboardMoneyMarks.organizationId, sql.placeholder('organizationId'))),
          ),
        ),
      )
      .prepare(name),
  );
  const [row] = await statement.execute({ organizationId, day });
  return row;
}
