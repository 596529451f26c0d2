/**
 * Spreadsheet-safe CSV cells, for every file the product writes: the server's exports and the web's import
 * report and template (issues #14, #16).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PHONE = /^\+[\d\s()-]+$/;

/**
 * A leading =, +, - or @ would make a spreadsheet run the cell as a formula (CSV injection). A program
 * that splits on another separator than ours (Excel in Portuguese splits on ;) starts a new cell after
 * each , ; or tab inside a value, so each such piece is neutralized as well (issue #16).
 */
export function neutralizeFormula(value: unknown): unknown {
  if (typeof value !== 'string' || PHONE.test(value)) return value;
  return value
    .split(/(?<=[,;\t])/)
    .map((piece) => (FORMULA_START.test(piece) && !PHONE.test(piece) ? `'${piece}` : piece))
    .join('');
}

/** Excel splits a CSV on the list separator of its language: `;` where the decimal mark is a comma. */
export const CSV_SEPARATORS = { en_US: ',', pt_BR: ';' } as const;

/**
 * A calendar date ("1990-02-03") as a file of that language writes it: English as ISO yyyy-mm-dd, which no
 * reader takes for mm/dd or dd/mm; Portuguese as Brazilians write it, dd/mm/yyyy. The import reads both
 * (parseImportDate), so an export imports back with every date of birth intact in either language.
 */
export function csvDate(value: string, language: keyof typeof CSV_SEPARATORS): string {
  if (language === 'en_US') return value;
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}

/** One line: each cell neutralized, quoted when it holds the separator, a quote or a line break. */
export function csvLine(cells: readonly unknown[], separator: string): string {
  return cells
    .map((cell) => {
      const text = cell === null || cell === undefined ? '' : String(neutralizeFormula(cell));
      return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(separator);
}

/** A whole file with a byte-order mark, so spreadsheet programs read accents (ç, ã) as UTF-8. */
export function csvFile(rows: readonly (readonly unknown[])[], separator: string): string {
  return `\uFEFF${rows.map((row) => csvLine(row, separator)).join('\r\n')}`;
}
