import { searchWords } from '@reformer/domain/customers';
import Papa from 'papaparse';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './customers.repository.ts';
import type { Actor } from './customers.service.ts';

/** The columns of the export, in the order the import wizard's template uses. */
export const EXPORT_COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'isWhatsapp',
  'dateOfBirth',
  'gender',
  'country',
  'idType',
  'idNumber',
  'zipCode',
  'address',
  'number',
  'apartment',
  'neighborhood',
  'city',
  'state',
  'profession',
  'emergencyContactName',
  'emergencyContactPhone',
  'notes',
  'status',
  'createdAt',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
const PHONE = /^\+[\d\s()-]+$/;

/**
 * A leading =, +, - or @ would make a spreadsheet run the cell as a formula (CSV injection). A program
 * that splits on another separator than ours (Excel in Portuguese splits on ;) starts a new cell after
 * each , ; or tab inside a value, so each such piece is neutralized as well (issue #16).
 */
function neutralizeFormula(value: unknown): unknown {
  if (typeof value !== 'string' || PHONE.test(value)) return value;
  return value
    .split(/(?<=[,;\t])/)
    .map((piece) => (FORMULA_START.test(piece) && !PHONE.test(piece) ? `'${piece}` : piece))
    .join('');
}

/** A bulk copy of personal data leaves the system: the audit log records who took it, when and from where. */
export async function exportCustomersCsv(
  db: Database,
  access: OrgAccess,
  search: string,
  actor: Actor,
): Promise<string> {
  const rows = await repository.listAllCustomers(db, access.organizationId, searchWords(search));
  await recordAudit(db, {
    organizationId: access.organizationId,
    actorId: actor.userId,
    action: 'customers.exported',
    entityType: 'organization',
    entityId: access.organizationId,
    ipAddress: actor.ipAddress,
    at: actor.now,
  });
  const data = rows.map((row) =>
    EXPORT_COLUMNS.map((column) =>
      neutralizeFormula(column === 'createdAt' ? row.createdAt.toISOString() : row[column]),
    ),
  );
  // A byte-order mark lets spreadsheet programs read accents (ç, ã) as UTF-8.
  return `\uFEFF${Papa.unparse({ fields: [...EXPORT_COLUMNS], data })}`;
}
