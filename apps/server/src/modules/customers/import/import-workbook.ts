import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { IMPORT_MAX_ROWS, IMPORT_MAX_WORKBOOK_MB } from '@reformer/domain/customer-import';
import { AppError } from '@reformer/domain/errors';
import ExcelJS from 'exceljs';
import type { FileRow } from './import-file.ts';

/**
 * An Excel .xlsx workbook's first sheet, as rows numbered as Excel numbers them (decision 017). exceljs
 * unpacks and builds every sheet in memory before anything can be asked of it, so the workbook is measured
 * first: its unpacked size and its rows, refused over the limits before exceljs sees it.
 */
export async function readWorkbook(bytes: Uint8Array): Promise<FileRow[]> {
  const rows = await countWorkbookRows(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  // Every sheet's rows, headers included: what exceljs would build.
  if (rows > IMPORT_MAX_ROWS + 1)
    throw new AppError('IMPORT_TOO_MANY_ROWS', undefined, { max: IMPORT_MAX_ROWS });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch (error) {
    throw unreadable(error);
  }
  const records: FileRow[] = [];
  workbook.worksheets[0]?.eachRow((row, rowNumber) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    records.push({ row: rowNumber, cells: Array.from(values, cellText) });
  });
  return records;
}

/** A cell as text: a date cell as yyyy-mm-dd, a formula as its result, rich text as its plain text. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

/** The library's words stay a detail: the message is the catalog's, in the user's language. */
function unreadable(error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError('IMPORT_WORKBOOK_UNREADABLE', undefined, { error: reason.slice(0, 200) });
}

const inflate = promisify(inflateRaw);
const MAX_UNPACKED_BYTES = IMPORT_MAX_WORKBOOK_MB * 1024 * 1024;
const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const SHEET = /^xl\/worksheets\/[^/]+\.xml$/;
/** `<row` or a prefixed `<x:row`, never `</row>`. */
const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;

/**
 * Unpacks each part of the zip under what is left of the budget — zlib stops at the limit, so a zip bomb
 * costs no more than the budget whatever sizes its directory claims — and counts the rows of every sheet.
 */
async function countWorkbookRows(zip: Buffer): Promise<number> {
  let unpacked = 0;
  let rows = 0;
  for (const entry of zipEntries(zip)) {
    const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    const left = MAX_UNPACKED_BYTES - unpacked;
    const content = entry.method === 0 ? data : await inflateWithin(data, left);
    unpacked += content.length;
    if (unpacked > MAX_UNPACKED_BYTES) throw tooLarge();
    if (SHEET.test(entry.name)) rows += content.toString('latin1').match(ROW_TAG)?.length ?? 0;
  }
  return rows;
}

async function inflateWithin(data: Buffer, limit: number): Promise<Buffer> {
  if (limit < 1) throw tooLarge();
  try {
    return await inflate(data, { maxOutputLength: limit });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
    throw unreadable(error);
  }
}

const tooLarge = () =>
  new AppError('IMPORT_WORKBOOK_TOO_LARGE', undefined, { maxSize: IMPORT_MAX_WORKBOOK_MB });

type ZipEntry = { name: string; method: number; compressedSize: number; dataStart: number };

/**
 * The zip's table of contents (its central directory, found from the record ending the file) and where
 * each part's data starts. No .xlsx of 10 MB needs the zip64 extensions; one using them reads as unreadable.
 */
function zipEntries(zip: Buffer): ZipEntry[] {
  try {
    const end = zip.lastIndexOf(END_OF_DIRECTORY);
    if (end < 0) throw new Error('not a zip file: no central directory');
    const entries: ZipEntry[] = [];
    let at = zip.readUInt32LE(end + 16);
    for (let count = zip.readUInt16LE(end + 10); count > 0; count -= 1) {
      if (zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error('corrupted zip: bad directory entry');
      const nameLength = zip.readUInt16LE(at + 28);
      const local = zip.readUInt32LE(at + 42);
      if (zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Error('corrupted zip: bad local header');
      const method = zip.readUInt16LE(at + 10);
      if (method !== 0 && method !== 8) throw new Error(`unsupported compression method ${method}`);
      entries.push({
        name: zip.toString('utf8', at + 46, at + 46 + nameLength),
        method,
        compressedSize: zip.readUInt32LE(at + 20),
        dataStart: local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28),
      });
      at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    return entries;
  } catch (error) {
    throw unreadable(error);
  }
}
