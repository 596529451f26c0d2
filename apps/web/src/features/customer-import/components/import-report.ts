import { CSV_SEPARATORS, csvFile } from '@reformer/domain/csv';
import type { ImportResult, ImportRowIssue } from '@reformer/domain/customer-import';
import type { Language } from '@reformer/domain/preferences';
import type { TFunction } from 'i18next';
import { importFieldLabel } from './import-field-label.ts';

/** The label of an enumerated field's option, as the customer form shows it. */
function optionLabel(t: TFunction, field: ImportRowIssue['field'], option: string): string {
  if (field === 'gender') return t(`customers.genders.${option}`, { defaultValue: option });
  if (field === 'status') return t(`customers.statuses.${option}`, { defaultValue: option });
  if (field === 'idType') return t(`customers.idTypes.${option}`, { defaultValue: option });
  if (field === 'isWhatsapp') return t(option === 'true' ? 'customers.export.yes' : 'customers.export.no');
  return option;
}

/** An issue in the user's language; an enumerated field's valid options by their labels. */
export function issueMessage(t: TFunction, issue: ImportRowIssue): string {
  const validValues = issue.options?.map((option) => optionLabel(t, issue.field, option)).join(', ');
  return t(issue.key, {
    ...issue.params,
    ...(validValues ? { validValues } : {}),
    defaultValue: issue.message,
  });
}

/** Spec §8: each copied error reads 'Error {index}: Row {row} - {error}'. */
export function copiedErrors(t: TFunction, result: ImportResult): string {
  return result.errorList
    .map((issue, index) =>
      t('import.result.copyLine', {
        index: index + 1,
        row: issue.row,
        error: `${importFieldLabel(t, issue.field)}: ${issueMessage(t, issue)}`,
      }),
    )
    .join('\n');
}

/**
 * What the lists leave out: the answer lists at most the first 1,000 rows of each (decision 017), while the
 * counts cover every row. Said on the page and at the top of the report, so neither passes for the whole.
 */
export function truncationNotes(t: TFunction, result: ImportResult): string[] {
  const listedErrorRows = new Set(result.errorList.map((issue) => issue.row)).size;
  const notes: string[] = [];
  if (listedErrorRows < result.errors) {
    notes.push(t('import.result.truncatedErrors', { listed: listedErrorRows, total: result.errors }));
  }
  if (result.duplicateList.length < result.duplicates) {
    notes.push(
      t('import.result.truncatedDuplicates', {
        listed: result.duplicateList.length,
        total: result.duplicates,
      }),
    );
  }
  return notes;
}

/** Spec §3, import report line: type, row, issue, data; first, a note for each list cut short. */
export function importReport(t: TFunction, language: Language, result: ImportResult): Blob {
  const header = (['type', 'row', 'issue', 'data'] as const).map((column) =>
    t(`import.result.reportColumns.${column}`),
  );
  const notes = truncationNotes(t, result).map((note) => [t('import.result.reportTypes.note'), '', note, '']);
  const errors = result.errorList.map((issue) => [
    t('import.result.reportTypes.error'),
    issue.row,
    `${importFieldLabel(t, issue.field)}: ${issueMessage(t, issue)}`,
    issue.value,
  ]);
  const duplicates = result.duplicateList.map((duplicate) => [
    t('import.result.reportTypes.duplicate'),
    duplicate.row,
    duplicate.existingCustomer
      ? t('import.preview.duplicateExisting', {
          name: duplicate.existingCustomer.name,
          field: importFieldLabel(t, duplicate.field),
        })
      : t('import.preview.duplicateInFile', {
          firstRow: duplicate.firstRow,
          field: importFieldLabel(t, duplicate.field),
        }),
    duplicate.value,
  ]);
  const lines = [...errors, ...duplicates].sort((a, b) => Number(a[1]) - Number(b[1]));
  return new Blob([csvFile([header, ...notes, ...lines], CSV_SEPARATORS[language])], {
    type: 'text/csv;charset=utf-8',
  });
}
