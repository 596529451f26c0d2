import { formatCpf } from '@reformer/domain/cpf';
import {
  IMPORT_FIELDS,
  IMPORT_TEMPLATE_FIELDS,
  type ImportField,
  importFieldLabelKey,
} from '@reformer/domain/customer-import';
import { searchWords } from '@reformer/domain/customers';
import { formatPhone } from '@reformer/domain/phones';
import type { Language } from '@reformer/domain/preferences';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/audit.ts';
import { type CsvColumn, type CsvWriter, exportCsv } from '../../lib/csv-export.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as customerList from './customer-list.repository.ts';

/**
 * The columns of the export: the import template's first, with its headers (issue #27: "the columns match
 * the import template", as the export screen says), then the other fields the import reads, then when the
 * customer was registered — so an exported file imports again with no mapping to do.
 */
export const EXPORT_COLUMNS = [
  ...IMPORT_TEMPLATE_FIELDS,
  // Not the WhatsApp opt-in: a consent with its source and time (decision 053), which the customer's
  // data-subject export carries, not a detail of the customer's row.
  ...IMPORT_FIELDS.filter(
    (
      field,
    ): field is Exclude<
      ImportField,
      (typeof IMPORT_TEMPLATE_FIELDS)[number] | 'fullName' | 'whatsappOptIn'
    > =>
      field !== 'fullName' &&
      field !== 'whatsappOptIn' &&
      !(IMPORT_TEMPLATE_FIELDS as readonly ImportField[]).includes(field),
  ),
  'createdAt',
] as const;

type Row = Awaited<ReturnType<typeof customerList.listAllCustomers>>[number];
type Column = (typeof EXPORT_COLUMNS)[number];

function header(column: Column): string {
  return column === 'createdAt' ? 'customers.export.columnCreatedAt' : importFieldLabelKey(column);
}

/**
 * A phone as Brazilians write it, "(11) 98765-4321" (a foreign one "+1 212-555-0100"): text a spreadsheet
 * keeps, where the stored +5511987654321 reads as a number in scientific notation.
 */
const phoneText = (phone: string | null) => (phone ? formatPhone(phone, 'BR') : null);

/** A row's value as the user's language writes it (issue #15). */
function value(row: Row, column: Column, writer: CsvWriter): unknown {
  const isCpf = row.idType === 'CPF';
  switch (column) {
    case 'createdAt':
      return writer.instant(row.createdAt);
    case 'dateOfBirth':
      return writer.date(row.dateOfBirth);
    case 'isWhatsapp':
      return writer.yesNo(row.isWhatsapp);
    case 'gender':
      return row.gender ? writer.text(`customers.genders.${row.gender}`) : null;
    // The CPF in its own column, written as everywhere else (000.000.000-00): bare digits are a number to
    // a spreadsheet, which drops a leading zero. Other documents keep the type and number columns.
    case 'cpf':
      return isCpf && row.idNumber ? formatCpf(row.idNumber) : null;
    case 'idType':
      return row.idType && !isCpf ? writer.text(`customers.idTypes.${row.idType}`) : null;
    case 'idNumber':
      return isCpf ? null : row.idNumber;
    case 'phone':
    case 'emergencyContactPhone':
      return phoneText(row[column]);
    case 'status':
      return writer.text(`customers.statuses.${row.status}`);
    default:
      return row[column];
  }
}

const COLUMNS: CsvColumn<Row>[] = EXPORT_COLUMNS.map((column) => ({
  header: header(column),
  value: (row, writer) => value(row, column, writer),
}));

/** A bulk copy of personal data leaves the system: the audit log records who took it, when and from where. */
export function exportCustomersCsv(
  db: Database,
  access: OrgAccess,
  query: { search: string; language: Language },
  actor: Actor,
): Promise<string> {
  return exportCsv(db, access, actor, {
    language: query.language,
    action: 'customers.exported',
    rows: () => customerList.listAllCustomers(db, access.organizationId, searchWords(query.search)),
    columns: COLUMNS,
  });
}
