import { AppError } from '@reformer/domain/errors';
import type { Establishment } from '@reformer/domain/establishments';
import { allowedEstablishments, type EstablishmentRole } from '@reformer/domain/permissions';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './establishments.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repository.insertEstablishment>>>;
type Values = Parameters<typeof repository.insertEstablishment>[3];

function toEstablishment(row: Row): Establishment {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * Members who may view establishments see them all; anyone else sees the establishments they work in, so
 * an instructor's screens can name their studio.
 */
export async function listEstablishments(db: Database, access: OrgAccess) {
  const allowed = allowedEstablishments(access.profile, 'VIEW_ESTABLISHMENTS');
  const ids =
    allowed === 'ALL'
      ? null
      : [...new Set([...allowed, ...access.membership.establishmentRoles.map((a) => a.establishmentId)])];
  // A member with no establishment at all (an accountant, say) sees an empty list, not a query on nothing.
  if (ids?.length === 0) return [];
  return (await repository.listEstablishments(db, access.organizationId, ids)).map(toEstablishment);
}

export async function createEstablishment(db: Database, access: OrgAccess, values: Values) {
  const row = await repository.insertEstablishment(db, access.organizationId, uuidv7(), values);
  if (!row) throw new Error('Establishment insert returned no row');
  return toEstablishment(row);
}

export async function updateEstablishment(
  db: Database,
  access: OrgAccess,
  id: string,
  values: Values,
  now: Date,
) {
  const row = isUuid(id)
    ? await repository.updateEstablishment(db, access.organizationId, id, values, now)
    : null;
  if (!row) throw new AppError('ESTABLISHMENT_NOT_FOUND');
  return toEstablishment(row);
}

/** Refused while staff are assigned or schedules are held there: no silent cascade. */
export async function deleteEstablishment(db: Database, access: OrgAccess, id: string) {
  if (!isUuid(id)) throw new AppError('ESTABLISHMENT_NOT_FOUND');
  const uses = await repository.countUses(db, access.organizationId, id);
  if (uses.staffAssignments > 0 || uses.schedules > 0)
    throw new AppError('ESTABLISHMENT_IN_USE', undefined, uses);
  // The foreign keys also refuse an assignment or a schedule added between the count and the delete.
  const deleted = await repository
    .deleteEstablishment(db, access.organizationId, id)
    .catch((error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
      if (code === '23503') throw new AppError('ESTABLISHMENT_IN_USE');
      throw error;
    });
  if (!deleted) throw new AppError('ESTABLISHMENT_NOT_FOUND');
}

/** Every establishment named in an assignment list must belong to this organization. */
export async function assertEstablishmentsExist(
  db: Database,
  organizationId: string,
  assignments: { establishmentId: string; role: EstablishmentRole }[],
) {
  const ids = assignments.map((assignment) => assignment.establishmentId);
  const found = await repository.findExistingIds(db, organizationId, ids);
  if (found.length !== new Set(ids).size) throw new AppError('ESTABLISHMENT_NOT_FOUND');
}
