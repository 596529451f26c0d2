import { CSV_SEPARATORS, csvDate, neutralizeFormula } from '@reformer/domain/csv';
import { type Catalog, translate } from '@reformer/domain/i18n';
import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import ptBR from '@reformer/domain/i18n/pt_BR.json' with { type: 'json' };
import type { Language } from '@reformer/domain/preferences';
import type { Context } from 'hono';
import Papa from 'papaparse';
import type { Database } from '../db/client.ts';
import { type Actor, recordAudit } from './audit.ts';
import type { OrgAccess } from './http.ts';
import { organizationTimeZone } from './organization-time-zone.ts';

/**
 * The one CSV writer of the exports (customers, plans, enrollments, payments; issues #14, #15, #16): headers
 * and values in the user's language, formula-safe, UTF-8 with a byte-order mark, and an audit entry for the
 * bulk copy of data leaving the system.
 */

const CATALOGS: Record<Language, Catalog> = { en_US: enUS, pt_BR: ptBR };
const LOCALES: Record<Language, string> = { en_US: 'en-US', pt_BR: 'pt-BR' };

/** How a value is written in the user's language (issue #15). */
export type CsvWriter = {
  text: (key: string) => string;
  /** A calendar date ("1990-02-03"): ISO in English, dd/mm/yyyy in Portuguese (csvDate). */
  date: (value: string | null) => string | null;
  /** An instant in the organization's time zone, its date written as `date` writes one, then HH:mm. */
  instant: (value: Date) => string;
  /** Cents as a decimal number with the language's decimal mark and no grouping ("249,90"). */
  amount: (cents: number) => string;
  yesNo: (value: boolean) => string;
};

function csvWriter(language: Language, timeZone: string): CsvWriter {
  const catalog = CATALOGS[language];
  const text = (key: string) => translate(catalog, key);
  // Parts only: the order is csvDate's, never en-US's 02/03/1990, which the import would read as 2 March.
  const instantParts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const decimal = new Intl.NumberFormat(LOCALES[language], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  const instant = (value: Date) => {
    const part = Object.fromEntries(
      instantParts.formatToParts(value).map(({ type, value }) => [type, value]),
    );
    return `${csvDate(`${part.year}-${part.month}-${part.day}`, language)} ${part.hour}:${part.minute}`;
  };
  return {
    text,
    date: (value) => (value ? csvDate(value, language) : null),
    instant,
    amount: (cents) => decimal.format(cents / 100),
    yesNo: (value) => text(value ? 'customers.export.yes' : 'customers.export.no'),
  };
}

/** A column: the catalog key of its header and how a row's value is written. */
export type CsvColumn<Row> = { header: string; value: (row: Row, writer: CsvWriter) => unknown };

export type CsvExport<Row> = {
  language: Language;
  /** The audit entry's action, e.g. `payments.exported`. */
  action: string;
  rows: () => Promise<Row[]>;
  columns: readonly CsvColumn<Row>[];
};

/** Reads the rows, records who took them (when and from where), and writes the file. */
export async function exportCsv<Row>(
  db: Database,
  access: OrgAccess,
  actor: Actor,
  csv: CsvExport<Row>,
): Promise<string> {
  const [rows, timeZone] = await Promise.all([csv.rows(), organizationTimeZone(db, access.organizationId)]);
  await recordAudit(db, {
    organizationId: access.organizationId,
    actorId: actor.userId,
    action: csv.action,
    entityType: 'organization',
    entityId: access.organizationId,
    ipAddress: actor.ipAddress,
    at: actor.now,
  });
  const writer = csvWriter(csv.language, timeZone);
  const fields = csv.columns.map((column) => writer.text(column.header));
  const data = rows.map((row) => csv.columns.map((column) => neutralizeFormula(column.value(row, writer))));
  // A byte-order mark lets spreadsheet programs read accents (ç, ã) as UTF-8.
  return `\uFEFF${Papa.unparse({ fields, data }, { delimiter: CSV_SEPARATORS[csv.language] })}`;
}

/** The answer carrying an export: a download named `fileName`. */
export function csvResponse(c: Context, csv: string, fileName: string) {
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
}
