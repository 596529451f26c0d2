import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_FILE_MB,
  IMPORT_MAX_ROWS,
} from '@reformer/domain/customer-import';
import { AppError } from '@reformer/domain/errors';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { readWorkbook } from './import-workbook.ts';

/**
 * The one place an uploaded spreadsheet is read (decision 017): a CSV as Brazilian offices save it (`;` or
 * `,`, UTF-8 or Windows-1252) or an Excel .xlsx workbook (its first sheet, import-workbook.ts), into a header
 * row and data rows numbered as the spreadsheet numbers them.
 */
export type FileRow = { row: number; cells: string[] };
export type ImportFile = {
  format: 'csv' | 'xlsx';
  encoding: 'utf-8' | 'windows-1252' | null;
  delimiter: string | null;
  headers: string[];
  rows: FileRow[];
};
type Table = Omit<ImportFile, 'headers' | 'rows'> & { records: FileRow[] };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The old binary .xls (and .doc): not readable here, whatever the name says. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const CSV_NAME = /\.(csv|txt|tsv)$/i;
const CSV_TYPE = /^(text\/|application\/(csv|vnd\.ms-excel)$)/i;

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

export async function readImportFile(file: File): Promise<ImportFile> {
  if (file.size > IMPORT_MAX_FILE_BYTES) {
    throw new AppError('IMPORT_FILE_TOO_LARGE', undefined, { maxSize: IMPORT_MAX_FILE_MB });
  }
  if (file.size === 0) throw new AppError('IMPORT_FILE_EMPTY');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (startsWith(bytes, ZIP)) {
    return withHeaders({
      format: 'xlsx',
      encoding: null,
      delimiter: null,
      records: await readWorkbook(bytes),
    });
  }
  if (startsWith(bytes, OLE) || !(CSV_NAME.test(file.name) || CSV_TYPE.test(file.type))) {
    throw new AppError('IMPORT_FILE_TYPE');
  }
  // Text has no NUL byte: this is an image, a PDF or another binary under a .csv name.
  if (bytes.subarray(0, 65_536).includes(0)) throw new AppError('IMPORT_FILE_TYPE');
  return withHeaders(readCsv(bytes));
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM or not); otherwise Windows-1252, Excel's "CSV" in Brazil. */
function decodeText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { text: iconv.decode(view, 'win1252'), encoding: 'windows-1252' };
  }
}

function readCsv(bytes: Uint8Array): Table {
  const { text, encoding } = decodeText(bytes);
  const delimiter = delimiterOf(text);
  const records: FileRow[] = [];
  let filled = 0;
  let brokenAt = null as { row: number; error: string } | null;
  // Row by row, to stop at the first broken quote or once the file holds more rows than any import takes
  // (withHeaders refuses it): a 10 MB file of tiny rows is never read whole.
  Papa.parse<string[]>(text, {
    delimiter,
    step: ({ data, errors }, parser) => {
      const record = { row: records.length + 1, cells: data };
      const broken = errors.find((error) => error.type === 'Quotes');
      if (broken) brokenAt = { row: record.row, error: broken.message };
      else records.push(record);
      if (!isBlank(record)) filled += 1;
      if (broken || filled > IMPORT_MAX_ROWS + 1) parser.abort();
    },
  });
  if (brokenAt) throw new AppError('IMPORT_PARSE_FAILED', undefined, brokenAt);
  return { format: 'csv', encoding, delimiter, records };
}

/**
 * The separator the header row uses most: `;` from Excel in Portuguese, `,` in English, or a tab. Headers
 * rarely hold one inside, while data (notes, addresses) often does, so the first line decides.
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((candidate) => ({ candidate, count: header.split(candidate).length }));
  const [best] = counts.sort((a, b) => b.count - a.count);
  return best && best.count > 1 ? best.candidate : ',';
}

const isBlank = (record: FileRow) => record.cells.every((cell) => !cell?.trim());

/** The first non-blank row holds the headers (spec §5); blank rows are no customers. */
function withHeaders({ records, ...table }: Table): ImportFile {
  const filled = records.filter((record) => !isBlank(record));
  const [first, ...rows] = filled;
  if (!first) throw new AppError('IMPORT_FILE_EMPTY');
  const headers = first.cells.map((cell) => cell?.trim() ?? '');
  while (headers.length && !headers[headers.length - 1]) headers.pop();
  // A header names something: a first row of only numbers, dates or blanks is data.
  if (!headers.some((header) => /\p{L}/u.test(header))) throw new AppError('IMPORT_NO_HEADERS');
  if (headers.length > IMPORT_MAX_COLUMNS) {
    throw new AppError('IMPORT_TOO_MANY_COLUMNS', undefined, { max: IMPORT_MAX_COLUMNS });
  }
  if (!rows.length) throw new AppError('IMPORT_FILE_EMPTY');
  // Before any row is checked: the cost of an import grows with its rows (IMPORT_MAX_ROWS).
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new AppError('IMPORT_TOO_MANY_ROWS', undefined, { max: IMPORT_MAX_ROWS });
  }
  return { ...table, headers, rows };
}
