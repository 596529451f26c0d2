// The customer list's floor on this stack (`npm run bench:load -- --floor`, bench/floor.mjs): the server's answer,
// byte for byte, from node:http and pg alone — the bearer token compared with one kept string (the app's
// verified-token and membership caches, hit), the organization's transaction opened in the same write as the
// page's statement on the tenant role (as db/row-level-security.ts does), the rows mapped by hand,
// JSON.stringify. No framework, no validation, no log line, no metrics, no request id, no security headers. What
// the server's Node CPU a request is above this is what its layers cost (decision 018, session 26).
// Env: DATABASE_URL; PORT; FLOOR_PATH, the one call it answers ("/api/organizations/…/customers?page=1&limit=10");
// FLOOR_STATEMENT, the statement the server sends for it ({ name, text, values }, built by the server's own code:
// bench/floor.mjs); FLOOR_PG_OPTIONS, the tenant pool's connection options; AUTHORIZATION, the seeded owner's "Bearer …"; PGAPPNAME, how its backends are found.
import { createServer } from 'node:http';
import pg from 'pg';

const statement = JSON.parse(process.env.FLOOR_STATEMENT);
const { FLOOR_PATH: floorPath, AUTHORIZATION: authorization } = process.env;
const organizationId = /^\/api\/organizations\/([0-9a-f-]{36})\//.exec(floorPath)[1];
const { page: pageNumber, limit } = Object.fromEntries(
  [...new URL(floorPath, 'http://floor').searchParams].map(([key, value]) => [key, Number(value)]),
);

const url = new URL(process.env.DATABASE_URL);
// The tenant pool's connection settings, as db/client.ts gives them (FLOOR_PG_OPTIONS, from bench/floor.mjs).
url.searchParams.set('options', process.env.FLOOR_PG_OPTIONS);
// A date stays the text PostgreSQL wrote ("1990-05-17"), as the app's Drizzle columns read it.
const DATE_OID = 1082;
const types = {
  getTypeParser: (oid, format) => (oid === DATE_OID ? (text) => text : pg.types.getTypeParser(oid, format)),
};
const pool = new pg.Pool({ connectionString: url.toString(), max: 10, pipeline: true, types });
// An idle connection the database closes (the bench stopping it) must not take the process down.
pool.on('error', () => {});

/** BEGIN and the organization go out corked with the page's statement: one write, as the server's. */
async function readPage() {
  const client = await pool.connect();
  try {
    const { stream } = client.connection;
    stream.cork();
    const opened = client.query(`begin; select set_config('app.organization_id', '${organizationId}', true)`);
    const found = client.query({
      name: statement.name,
      text: statement.text,
      values: statement.values,
      rowMode: 'array',
    });
    queueMicrotask(() => stream.uncork());
    const [, { rows }] = await Promise.all([opened, found]);
    await client.query('commit');
    return rows;
  } finally {
    client.release();
  }
}

const answer = (response, status, body) => {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
};

createServer(async (request, response) => {
  if (request.url === '/health') return answer(response, 200, '{}');
  if (request.url !== floorPath || request.headers.authorization !== authorization)
    return answer(response, 404, '{"code":"NOT_FOUND"}');
  try {
    const rows = await readPage();
    const items = rows.map((r) => ({
      id: r[0],
      firstName: r[1],
      lastName: r[2],
      dateOfBirth: r[3],
      gender: r[4],
      country: r[5],
      idType: r[6],
      idNumber: r[7],
      email: r[8],
      phone: r[9],
      isWhatsapp: r[10],
      address: r[11],
      number: r[12],
      apartment: r[13],
      neighborhood: r[14],
      city: r[15],
      state: r[16],
      zipCode: r[17],
      profession: r[18],
      emergencyContactName: r[19],
      emergencyContactPhone: r[20],
      notes: r[21],
      status: r[22],
      createdAt: r[23].toISOString(),
      updatedAt: r[24].toISOString(),
    }));
    answer(response, 200, JSON.stringify({ items, total: rows[0]?.[25] ?? 0, page: pageNumber, limit }));
  } catch (error) {
    answer(response, 500, JSON.stringify({ code: 'INTERNAL', message: String(error) }));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
// The bench stops it with SIGTERM and reads exit code 0 as a clean stop.
process.on('SIGTERM', () => process.exit(0));
