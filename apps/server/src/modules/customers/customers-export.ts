import { searchWords } from '@reformer/domain/customers';
import { type Catalog, translate } from '@reformer/domain/i18n';
import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import ptBR from '@reformer/domain/i18n/pt_BR.json' with { type: 'json' };
import type { Language } from '@reformer/domain/preferences';
import Papa from 'papaparse';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/audit.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import * as repository from './customers.repository.ts';

/** The columns of the export, in the order the import wizard's template uses; headers in the user's language. */
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

type Row = Awaited<ReturnType<typeof repository.listAllCustomers>>[number];

const CATALOGS: Record<Language, Catalog> = { en_US: enUS, pt_BR: ptBR };
const LOCALES: Record<Language, string> = { en_US: 'en-US', pt_BR: 'pt-BR' };
/** Excel splits a CSV on the list separator of its language: `;` where the decimal mark is a comma. */
const SEPARATORS: Record<Language, string> = { en_US: ',', pt_BR: ';' };

/** A column's header and each row's value as the user's language writes them (issue #15). */
function localizer(language: Language, timeZone: string) {
  const catalog = CATALOGS[language];
  const text = (key: string) => translate(catalog, key);
  // Four-digit years, which spreadsheets read as dates in either locale (en-US "short" writes 12/31/90).
  const day = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  const calendarDate = new Intl.DateTimeFormat(LOCALES[language], { ...day, timeZone: 'UTC' });
  const instant = new Intl.DateTimeFormat(LOCALES[language], {
    ...day,
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
  const header = (column: (typeof EXPORT_COLUMNS)[number]) => {
    if (column === 'isWhatsapp') return text('customers.export.columnWhatsapp');
    if (column === 'createdAt') return text('customers.export.columnCreatedAt');
    return text(`customers.fields.${column}`);
  };
  const value = (row: Row, column: (typeof EXPORT_COLUMNS)[number]): unknown => {
    switch (column) {
      case 'createdAt':
        return instant.format(row.createdAt);
      case 'dateOfBirth':
        return row.dateOfBirth ? calendarDate.format(new Date(`${row.dateOfBirth}T00:00:00Z`)) : null;
      case 'isWhatsapp':
        return text(row.isWhatsapp ? 'customers.export.yes' : 'customers.export.no');
      case 'gender':
        return row.gender ? text(`customers.genders.${row.gender}`) : null;
      case 'idType':
        return row.idType ? text(`customers.idTypes.${row.idType}`) : null;
      case 'status':
        return text(`customers.statuses.${row.status}`);
      default:
        return row[column];
    }
  };
  return { header, value, delimiter: SEPARATORS[language] };
}

/** A bulk copy of personal data leaves the system: the audit log records who took it, when and from where. */
export async function exportCustomersCsv(
  db: Database,
  access: OrgAccess,
  query: { search: string; language: Language },
  actor: Actor,
): Promise<string> {
  const [rows, timeZone] = await Promise.all([
    repository.listAllCustomers(db, access.organizationId, searchWords(query.search)),
    organizationTimeZone(db, access.organizationId),
  ]);
  await recordAudit(db, {
    organizationId: access.organizationId,
    actorId: actor.userId,
    action: 'customers.exported',
    entityType: 'organization',
    entityId: access.organizationId,
    ipAddress: actor.ipAddress,
    at: actor.now,
  });
  const { header, value, delimiter } = localizer(query.language, timeZone);
  const data = rows.map((row) => EXPORT_COLUMNS.map((column) => neutralizeFormula(value(row, column))));
  // A byte-order mark lets spreadsheet programs read accents (ç, ã) as UTF-8.
  return `\uFEFF${Papa.unparse({ fields: EXPORT_COLUMNS.map(header), data }, { delimiter })}`;
}
