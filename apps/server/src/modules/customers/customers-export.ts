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

/** A leading =, +, - or @ would make a spreadsheet run the cell as a formula (CSV injection). */
function neutralizeFormula(value: unknown): unknown {
  if (typeof value !== 'string' || /^\+[\d\s()-]+$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
