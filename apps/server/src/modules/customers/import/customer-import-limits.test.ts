import { createDeflateRaw } from 'node:zlib';
import {
  IMPORT_LISTED_ROWS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_WORKBOOK_MB,
} from '@reformer/domain/customer-import';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/index.ts';
import { createOrganization, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
});
afterAll(() => t.close());

const MAPPING = ['firstName', 'lastName'];

async function send(step: '/analyze' | '', file: File) {
  const form = new FormData();
  form.append('file', file);
  form.append('mapping', JSON.stringify(MAPPING));
  form.append('skipInvalid', 'true');
  const response = await t.app.request(`/api/organizations/${organizationId}/customers/import${step}`, {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', authorization: `Bearer ${owner.token}` },
    body: form,
  });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

async function customerCount() {
  const [row] = await t.db
    .select({ value: count() })
    .from(customers)
    .where(eq(customers.organizationId, organizationId));
  return row?.value ?? 0;
}

/** Tiny rows, the worst case per byte: 150,000 of them are under 1 MB. */
const tinyCsv = (rows: number, blankLines = 0) =>
  new File([`Nome;Sobrenome\r\n${'a;b\r\n'.repeat(rows)}${';\r\n'.repeat(blankLines)}`], 'many.csv', {
    type: 'text/csv',
  });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Refused before any row is checked, with the limit, and nothing written, at every step. */
async function expectRefused(file: File, code: string, details: Record<string, number>) {
  const before = await customerCount();
  for (const step of ['/analyze', ''] as const) {
    const response = await send(step, file);
    expect(response.status, `${step} ${JSON.stringify(response.body)}`).toBe(413);
    expect(response.body.error).toMatchObject({ code, details });
  }
  expect(await customerCount()).toBe(before);
}

describe('the row limit', () => {
  it(`takes a CSV of ${IMPORT_MAX_ROWS} data rows, blank lines aside, and refuses one more`, async () => {
    const atLimit = await send('/analyze', tinyCsv(IMPORT_MAX_ROWS, 20));
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.rowCount).toBe(IMPORT_MAX_ROWS);
    await expectRefused(tinyCsv(IMPORT_MAX_ROWS + 1), 'IMPORT_TOO_MANY_ROWS', { max: IMPORT_MAX_ROWS });
    const refused = await send('/analyze', tinyCsv(IMPORT_MAX_ROWS * 10));
    expect(refused.body.error.message).toBe(
      `The file has more than ${IMPORT_MAX_ROWS} rows. Split it into smaller files and import each one.`,
    );
  });

  // Writing the 150,001-row workbook is the slow part (20 s alone on Node 20, past 30 s on Node 24 on a busy
  // machine): this test gets its own time, the suite's default stays.
  it('refuses a workbook with more rows before reading it', { timeout: 120_000 }, async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clientes');
    sheet.addRow(['Nome', 'Sobrenome']);
    for (let row = 0; row <= IMPORT_MAX_ROWS; row += 1) sheet.addRow(['a', 'b']);
    const file = new File([new Uint8Array(await workbook.xlsx.writeBuffer())], 'many.xlsx', { type: XLSX });
    await expectRefused(file, 'IMPORT_TOO_MANY_ROWS', { max: IMPORT_MAX_ROWS });
  });
});

/** A zip of one part whose data unpacks to `size` bytes, its directory claiming 1 KB. */
async function zipBomb(size: number): Promise<File> {
  const deflate = createDeflateRaw();
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const megabyte = Buffer.alloc(1024 * 1024, 0x20);
  for (let written = 0; written < size; written += megabyte.length) deflate.write(megabyte);
  deflate.end();
  await ended;
  const data = Buffer.concat(chunks);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const header = (signature: number, length: number) => {
    const buffer = Buffer.alloc(length);
    buffer.writeUInt32LE(signature, 0);
    return buffer;
  };
  const local = header(0x04034b50, 30);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1024, 22);
  local.writeUInt16LE(name.length, 26);
  const entry = header(0x02014b50, 46);
  entry.writeUInt16LE(8, 10);
  entry.writeUInt32LE(data.length, 20);
  entry.writeUInt32LE(1024, 24);
  entry.writeUInt16LE(name.length, 28);
  const directoryAt = local.length + name.length + data.length;
  const end = header(0x06054b50, 22);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(entry.length + name.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return new File([Buffer.concat([local, name, data, entry, name, end])], 'bomb.xlsx', { type: XLSX });
}

describe('the workbook limit', () => {
  it(`refuses a workbook over ${IMPORT_MAX_WORKBOOK_MB} MB unpacked, whatever its directory claims`, async () => {
    const bomb = await zipBomb((IMPORT_MAX_WORKBOOK_MB + 1) * 1024 * 1024);
    expect(bomb.size).toBeLessThan(1024 * 1024);
    await expectRefused(bomb, 'IMPORT_WORKBOOK_TOO_LARGE', { maxSize: IMPORT_MAX_WORKBOOK_MB });
  });
});

describe('the lists of the result', () => {
  it(`list the first ${IMPORT_LISTED_ROWS} rows with errors, all their issues, and count every row`, async () => {
    // Two issues a row: a list cut by issues would hold 500 rows and say nothing of the others.
    const rows = Array.from({ length: IMPORT_LISTED_ROWS + 1 }, (_, i) => `;${'x'.repeat(101)}${i}`);
    const file = new File([`Nome;Sobrenome\r\n${rows.join('\r\n')}`], 'bad.csv', { type: 'text/csv' });
    const response = await send('', file);
    expect(response.body).toMatchObject({
      outcome: 'failed',
      errors: IMPORT_LISTED_ROWS + 1,
      isTruncated: true,
    });
    const listedRows = new Set(response.body.errorList.map((issue: { row: number }) => issue.row));
    expect(listedRows.size).toBe(IMPORT_LISTED_ROWS);
    expect(response.body.errorList).toHaveLength(IMPORT_LISTED_ROWS * 2);
  });
});
