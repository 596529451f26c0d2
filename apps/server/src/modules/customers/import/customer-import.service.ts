import { formatCpf } from '@reformer/domain/cpf';
import {
  IMPORT_LISTED_ROWS,
  IMPORT_SAMPLE_VALUES,
  type ImportDuplicate,
  type ImportFileSummary,
  type ImportMapping,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  type ImportRowIssue,
  missingRequiredFields,
  suggestMapping,
} from '@reformer/domain/customer-import';
import { type CheckedRow, checkImportRow, type RowCells } from '@reformer/domain/customer-import-rows';
import type { CustomerValues } from '@reformer/domain/customers';
import { AppError } from '@reformer/domain/errors';
import { translate } from '@reformer/domain/i18n';
import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../../db/client.ts';
import { type Actor, recordAudit } from '../../../lib/audit.ts';
import type { OrgAccess } from '../../../lib/http.ts';
import { rethrowUniqueViolation } from '../customers.service.ts';
import * as repository from './customer-import.repository.ts';
import { type FileRow, readImportFile } from './import-file.ts';

/**
 * The import wizard's three calls (issue #14, decision 017). Stateless: validate and import receive the
 * file again with the mapping, and every row is checked again by the domain's rules before anything is
 * written; the accepted rows go in one transaction, all or none.
 */
export type ImportOptions = { mapping: ImportMapping; skipInvalid: boolean };

type AssessedRow = { row: number; name: string; checked: CheckedRow; duplicate: ImportDuplicate | null };

/** Step 1: what the file holds, and the mapping its headers suggest. */
export async function analyzeImportFile(file: File): Promise<ImportFileSummary> {
  const read = await readImportFile(file);
  return {
    fileName: file.name,
    format: read.format,
    encoding: read.encoding,
    delimiter: read.delimiter,
    headers: read.headers,
    samples: read.headers.map((_, column) => sampleValues(read.rows, column)),
    rowCount: read.rows.length,
    suggestedMapping: suggestMapping(read.headers),
  };
}

function sampleValues(rows: FileRow[], column: number): string[] {
  const values: string[] = [];
  for (const { cells } of rows) {
    const value = cells[column]?.trim();
    if (value) values.push(value.slice(0, 100));
    if (values.length === IMPORT_SAMPLE_VALUES) break;
  }
  return values;
}

/** Step 3: every row checked, counted and (up to a limit) listed with its issues. */
export async function validateImport(
  db: Database,
  access: OrgAccess,
  file: File,
  options: ImportOptions,
): Promise<ImportPreview> {
  const assessed = await assess(db, access.organizationId, file, options.mapping);
  const problems = assessed.filter((item) => !item.checked.values || item.duplicate);
  // Rows with problems first, then valid ones up to the same limit: a file within it is listed whole, so
  // "show all" shows every row (issue #27: it showed 16 of 30).
  const listed = new Set(problems.slice(0, IMPORT_LISTED_ROWS));
  for (const item of assessed) {
    if (listed.size >= IMPORT_LISTED_ROWS) break;
    listed.add(item);
  }
  const invalid = assessed.filter((item) => !item.checked.values).length;
  const warnings = problems.length - invalid;
  return {
    total: assessed.length,
    valid: assessed.length - invalid - warnings,
    invalid,
    warnings,
    rows: assessed.filter((item) => listed.has(item)).map(previewRow),
    isTruncated: listed.size < assessed.length,
  };
}

/** Step 4: the accepted rows written in one transaction; invalid rows skipped, or the import refused. */
export async function importCustomers(
  db: Database,
  access: OrgAccess,
  file: File,
  options: ImportOptions,
  actor: Actor,
): Promise<ImportResult> {
  const { organizationId } = access;
  const assessed = await assess(db, organizationId, file, options.mapping);
  // The checked values themselves take their id: a copy of every accepted row would double them in memory.
  const whatsAppAnswers: { customerId: string; isOptedIn: boolean }[] = [];
  const accepted = assessed.flatMap(({ checked, duplicate }) => {
    if (!checked.values || duplicate) return [];
    const customer = Object.assign(checked.values, { id: uuidv7() });
    if (checked.whatsappOptIn !== null)
      whatsAppAnswers.push({ customerId: customer.id, isOptedIn: checked.whatsappOptIn });
    return [customer];
  });
  const result = resultOf(assessed, accepted.length);
  if (result.errors && !options.skipInvalid) {
    throw new AppError('IMPORT_ROWS_INVALID', undefined, { ...result, outcome: 'failed', imported: 0 });
  }
  if (!accepted.length) return result;
  await db.transaction(async (tx) => {
    await repository.insertCustomers(tx, organizationId, accepted).catch(rethrowUniqueViolation);
    await repository.insertWhatsAppAnswers(tx, organizationId, whatsAppAnswers, actor.now);
    await recordAudit(tx, {
      organizationId,
      actorId: actor.userId,
      action: 'customers.imported',
      entityType: 'organization',
      entityId: organizationId,
      ipAddress: actor.ipAddress,
      at: actor.now,
      details: { imported: result.imported, errors: result.errors, duplicates: result.duplicates },
    });
  });
  return result;
}

async function assess(
  db: Database,
  organizationId: string,
  file: File,
  mapping: ImportMapping,
): Promise<AssessedRow[]> {
  const read = await readImportFile(file);
  if (mapping.length !== read.headers.length) throw new AppError('IMPORT_MAPPING_MISMATCH');
  const missing = missingRequiredFields(mapping);
  if (missing.length) {
    throw new AppError('IMPORT_REQUIRED_FIELDS_UNMAPPED', undefined, { missing: missing.join(', ') });
  }
  // Each file row is let go once checked (popped from the reversed list), so the file's cells of every
  // column and the checked values of every row are never all held at once.
  const pending = read.rows.reverse();
  const assessed: AssessedRow[] = [];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const fields = mappedCells(next.cells, mapping);
    const name = fields.fullName ?? `${fields.firstName ?? ''} ${fields.lastName ?? ''}`.trim();
    assessed.push({ row: next.row, name, checked: checkImportRow(fields), duplicate: null });
  }
  await markDuplicates(db, organizationId, assessed);
  return assessed;
}

/** A row's cells by the field their column fills, trimmed; empty ones and skipped columns left out. */
function mappedCells(cells: string[], mapping: ImportMapping): RowCells {
  const fields: RowCells = {};
  mapping.forEach((field, column) => {
    const value = cells[column]?.trim();
    if (field && value) fields[field] = value;
  });
  return fields;
}

const cpfOf = (values: CustomerValues) => (values.idType === 'CPF' ? values.idNumber : null);

/**
 * A valid row whose CPF or email is a customer on the books already, or an earlier valid row of the file,
 * is a duplicate: left out, never imported twice (spec §2 "skipped/duplicates").
 */
async function markDuplicates(db: Database, organizationId: string, assessed: AssessedRow[]): Promise<void> {
  const candidates = assessed.flatMap((item) =>
    item.checked.values ? [{ item, values: item.checked.values }] : [],
  );
  const cpfs = [...new Set(candidates.flatMap(({ values }) => cpfOf(values) ?? []))];
  const emails = [...new Set(candidates.flatMap(({ values }) => values.email ?? []))];
  const existing =
    cpfs.length || emails.length
      ? await repository.findCustomersByCpfOrEmail(db, organizationId, cpfs, emails)
      : [];
  const byCpf = new Map(existing.flatMap((customer) => (customer.cpf ? [[customer.cpf, customer]] : [])));
  const byEmail = new Map(
    existing.flatMap((customer) => (customer.email ? [[customer.email, customer]] : [])),
  );
  const firstRowByCpf = new Map<string, number>();
  const firstRowByEmail = new Map<string, number>();
  for (const { item, values } of candidates) {
    const cpf = cpfOf(values);
    const email = values.email;
    const duplicate = (field: 'cpf' | 'email', value: string) => ({
      row: item.row,
      field,
      value: field === 'cpf' ? formatCpf(value) : value,
    });
    const customer = (cpf && byCpf.get(cpf)) || (email && byEmail.get(email));
    if (customer) {
      const field = cpf && byCpf.has(cpf) ? 'cpf' : 'email';
      item.duplicate = {
        ...duplicate(field, (field === 'cpf' ? cpf : email) ?? ''),
        existingCustomer: { id: customer.id, name: customer.name },
        firstRow: null,
      };
      continue;
    }
    const earlier = (cpf && firstRowByCpf.get(cpf)) || (email && firstRowByEmail.get(email));
    if (earlier) {
      const field = cpf && firstRowByCpf.has(cpf) ? 'cpf' : 'email';
      item.duplicate = {
        ...duplicate(field, (field === 'cpf' ? cpf : email) ?? ''),
        existingCustomer: null,
        firstRow: earlier,
      };
      continue;
    }
    if (cpf) firstRowByCpf.set(cpf, item.row);
    if (email) firstRowByEmail.set(email, item.row);
  }
}

function issuesOf(item: AssessedRow): ImportRowIssue[] {
  return item.checked.issues.map((issue) => ({
    row: item.row,
    ...issue,
    message: translate(enUS, issue.key, issue.params),
  }));
}

function previewRow(item: AssessedRow): ImportPreviewRow {
  const status = !item.checked.values ? 'invalid' : item.duplicate ? 'warning' : 'valid';
  return { row: item.row, status, name: item.name, issues: issuesOf(item), duplicate: item.duplicate };
}

function outcomeOf(imported: number, errors: number, duplicates: number): ImportResult['outcome'] {
  if (imported === 0) return errors === 0 && duplicates > 0 ? 'nothingNew' : 'failed';
  return errors > 0 || duplicates > 0 ? 'partial' : 'success';
}

/**
 * The lists stop at IMPORT_LISTED_ROWS rows each and the counts cover every row: 100,000 bad rows in full
 * would make an answer of tens of MB for a browser to hold and render. The downloaded report says it lists
 * the first of them (the web's import-report.ts), so nobody takes it for the whole.
 */
function resultOf(assessed: AssessedRow[], imported: number): ImportResult {
  const invalid = assessed.filter((item) => !item.checked.values);
  const duplicates = assessed.flatMap((item) => item.duplicate ?? []);
  return {
    outcome: outcomeOf(imported, invalid.length, duplicates.length),
    processed: assessed.length,
    imported,
    errors: invalid.length,
    duplicates: duplicates.length,
    // Rows, not issues: "the first 1,000 of 7,000 rows with errors" holds whatever each row's issues are.
    errorList: invalid.slice(0, IMPORT_LISTED_ROWS).flatMap(issuesOf),
    duplicateList: duplicates.slice(0, IMPORT_LISTED_ROWS),
    isTruncated: invalid.length > IMPORT_LISTED_ROWS || duplicates.length > IMPORT_LISTED_ROWS,
  };
}
