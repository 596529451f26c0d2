import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * An analyze call whose body arrives in two parts, as over a slow connection: the first part at once, the
 * rest when `finish` is called. `reading` settles when the server asks for the rest, i.e. once it waits on
 * the upload itself. Content-Length is declared, as browsers send it, so nothing buffers the body early.
 */
async function slowUpload() {
  const form = new FormData();
  form.append('file', new File(['Nome;Sobrenome\r\nAna;Lenta\r\n'], 'lenta.csv', { type: 'text/csv' }));
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const half = Math.floor(bytes.length / 2);
  let markReading = () => {};
  const reading = new Promise<void>((resolve) => {
    markReading = resolve;
  });
  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        pulls += 1;
        // The first part is taken as soon as the request exists; asking for more means reading the upload.
        if (pulls === 1) return controller.enqueue(bytes.subarray(0, half));
        markReading();
        await finished;
        controller.enqueue(bytes.subarray(half));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(
    `http://localhost/api/organizations/${organizationId}/customers/import/analyze`,
    {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        origin: 'http://localhost:3000',
        authorization: `Bearer ${owner.token}`,
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': String(bytes.length),
      },
    } as RequestInit,
  );
  const response = Promise.resolve(t.app.request(request));
  return { reading, finish, response };
}

/** Connections of this test's database sitting in an open transaction with nothing to do. */
async function idleInTransaction(): Promise<number> {
  const [row] = await t.db
    .select({ count: sql<number>`count(*)::int` })
    .from(sql`pg_stat_activity`)
    .where(sql`datname = current_database() and state like 'idle in transaction%'`);
  return row?.count ?? 0;
}

describe('an upload still arriving', () => {
  it('holds no database connection: more slow uploads than the pool has, and other calls still answer', async () => {
    const uploads = [await slowUpload()];
    try {
      await uploads[0]?.reading;
      expect(await idleInTransaction()).toBe(0);
      // The organization pool has 10 connections: 11 more uploads waiting would exhaust it if each held one.
      uploads.push(...(await Promise.all(Array.from({ length: 11 }, () => slowUpload()))));
      await Promise.all(uploads.map((upload) => upload.reading));
      expect(await idleInTransaction()).toBe(0);
      const list = await t.request('GET', `/organizations/${organizationId}/customers`, {
        token: owner.token,
      });
      expect(list.status).toBe(200);
    } finally {
      for (const upload of uploads) upload.finish();
    }
    const answers = await Promise.all(uploads.map((upload) => upload.response));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(await answers[0]?.json()).toMatchObject({ rowCount: 1, headers: ['Nome', 'Sobrenome'] });
  });
});
