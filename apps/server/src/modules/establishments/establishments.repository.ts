import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { establishmentAssignments, establishments, schedules } from '../../db/schema/index.ts';

type EstablishmentValues = {
  name: string;
  description: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
};

const columns = {
  id: establishments.id,
  name: establishments.name,
  description: establishments.description,
  address: establishments.address,
  phone: establishments.phone,
  email: establishments.email,
  createdAt: establishments.createdAt,
};

/** `ids` null = all establishments of the organization; a non-empty list = only those. */
export async function listEstablishments(db: Database, organizationId: string, ids: string[] | null) {
  const scope = eq(establishments.organizationId, organizationId);
  return db
    .select(columns)
    .from(establishments)
    .where(ids === null ? scope : and(scope, inArray(establishments.id, ids)))
    .orderBy(asc(establishments.name), asc(establishments.id));
}

export async function insertEstablishment(
  db: Database,
  organizationId: string,
  id: string,
  values: EstablishmentValues,
) {
  const [row] = await db
    .insert(establishments)
    .values({ organizationId, id, ...values })
    .returning(columns);
  return row;
}

export async function updateEstablishment(
  db: Database,
  organizationId: string,
  id: string,
  values: EstablishmentValues,
  now: Date,
) {
  const [row] = await db
    .update(establishments)
    .set({ ...values, updatedAt: now })
    .where(and(eq(establishments.organizationId, organizationId), eq(establishments.id, id)))
    .returning(columns);
  return row ?? null;
}

/** What still uses an establishment: staff assigned to it and schedules held there. */
export async function countUses(db: Database, organizationId: string, establishmentId: string) {
  const [row] = await db
    .select({
      staffAssignments: sql<number>`(select count(*)::int from ${establishmentAssignments}
        where ${establishmentAssignments.organizationId} = ${organizationId}
          and ${establishmentAssignments.establishmentId} = ${establishmentId})`,
      schedules: sql<number>`(select count(*)::int from ${schedules}
        where ${schedules.organizationId} = ${organizationId} and ${schedules.establishmentId} = ${establishmentId})`,
    })
    .from(sql`(select 1) as one`);
  return { staffAssignments: row?.staffAssignments ?? 0, schedules: row?.schedules ?? 0 };
}

export async function deleteEstablishment(db: Database, organizationId: string, id: string) {
  const deleted = await db
    .delete(establishments)
    .where(and(eq(establishments.organizationId, organizationId), eq(establishments.id, id)))
    .returning({ id: establishments.id });
  return deleted.length > 0;
}

export async function findExistingIds(db: Database, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(and(eq(establishments.organizationId, organizationId), inArray(establishments.id, ids)));
  return rows.map((row) => row.id);
}
