import { IMPORT_FIELDS, type ImportField } from '@reformer/domain/customer-import';
import { searchWords } from '@reformer/domain/customers';
import type { Language } from '@reformer/domain/preferences';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/audit.ts';
import { type CsvColumn, type CsvWriter, exportCsv } from '../../lib/csv-export.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './customers.repository.ts';

/**
 * The columns of the export: the import's fields in their order (the CPF is in the id type and number), so
 * an exported file imports again with no mapping to do; headers in the user's language.
 */
export const EXPORT_COLUMNS = [
  ...IMPORT_FIELDS.filter((field): field is Exclude<ImportField, 'cpf'> => field !== 'cpf'),
  'createdAt',
] as const;

type Row = Awaited<ReturnType<typeof repository.listAllCustomers>>[number];
type Column = (typeof EXPORT_COLUMNS)[number];

function header(column: Column): string {
  if (column === 'isWhatsapp') return 'customers.export.columnWhatsapp';
  if (column === 'createdAt') return 'customers.export.columnCreatedAt';
  return `customers.fields.${column}`;
}

/** A row's value as the user's language writes it (issue #15). */
function value(row: Row, column: Column, writer: CsvWriter): unknown {
  switch (column) {
    case 'createdAt':
      return writer.instant(row.createdAt);
    case 'dateOfBirth':
      return writer.date(row.dateOfBirth);
    case 'isWhatsapp':
      return writer.yesNo(row.isWhatsapp);
    case 'gender':
      return row.gender ? writer.text(`customers.genders.${row.gender}`) : null;
    case 'idType':
      return row.idType ? writer.text(`customers.idTypes.${row.idType}`) : null;
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
    rows: () => repository.listAllCustomers(db, access.organizationId, searchWords(query.search)),
    columns: COLUMNS,
  });
}
