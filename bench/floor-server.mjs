// The customer list's floor on this stack (`npm run bench:load -- --floor`): the same answer, byte for byte, from
// node:http and pg alone — the bearer token checked against one kept token (the app's verified-token and
// membership caches, hit), the organization's transaction opened in the same write as the page's statement on the
// tenant role (as db/row-level-security.ts does), the rows mapped by hand, JSON.stringify. No framework, no
// validation, no log line, no metrics, no request id, no security headers. What the server's Node CPU a request is
// above this is what its layers cost; issue #33's ≤ 0.5 ms is read against it (decision 018, session 26).
// The statement is the one customer-list.repository.ts sends for page 1 without a search, written out: the bench
// checks the answers are identical before measuring, so a change of the app's statement or answer shows here.
// Env: DATABASE_URL, PORT, AUTHORIZATION (the seeded owner's "Bearer …"), PGAPPNAME (how its backends are found).
import { createServer } from 'node:http';
import pg from 'pg';

const PAGE_STATEMENT = `select "id", "first_name", "last_name", "date_of_birth", "gender", "country", "id_type", "id_number",
  "email", "phone", "is_whatsapp", "address", "number", "apartment", "neighborhood", "city", "state", "zip_code",
  "profession", "emergency_contact_name", "emergency_contact_phone", "notes", "status", "created_at", "updated_at",
  ((select coalesce(sum("customer_counts"."active" + "customer_counts"."inactive" + "customer_counts"."pending"), 0)::int
    from "customer_counts" where "customer_counts"."organization_id" = $1))::int
  from "customers_in_organization"
  where ("customers_in_organization"."organization_id" = $1 and "customers_in_organization"."status" not in ('DELETED', 'PURGED'))
  order by "customers_in_organization"."sort_name" collate "C", "customers_in_organization"."id" asc
  limit $2 offset $3`;

const PATH = /^\/api\/organizations\/([0-9a-f-]{36})\/customers$/;

const url = new URL(process.env.DATABASE_URL);
// The tenant pool's connection settings (db/client.ts).
url.searchParams.set(
  'options',
  '-c random_page_cost=1.1 -c plan_cache_mode=force_custom_plan -c DateStyle=ISO -c role=reformer_tenant',
);
// A date stays the text PostgreSQL wrote ("1990-05-17"), as the app's Drizzle columns read it.
const DATE_OID = 1082;
const types = {
  getTypeParser: (oid, format) => (oid === DATE_OID ? (text) => text : pg.types.getTypeParser(oid, format)),
};
const pool = new pg.Pool({ connectionString: url.toString(), max: 10, pipeline: true, types });
const authorization = process.env.AUTHORIZATION;

/** BEGIN and the organization go out corked with the page's statement: one write, as the server's. */
async function page(organizationId, limit, offset) {
  const client = await pool.connect();
  try {
    const { stream } = client.connection;
    stream.cork();
    const opened = client.query(`begin; select set_config('app.organization_id', '${organizationId}', true)`);
    const found = client.query({
      name: 'floor_customers_page',
      text: PAGE_STATEMENT,
      values: [organizationId, limit, offset],
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
  const [path, query = ''] = (request.url ?? '').split('?');
  if (path === '/health') return answer(response, 200, '{}');
  const organizationId = PATH.exec(path)?.[1];
  if (!organizationId || request.headers.authorization !== authorization)
    return answer(response, 404, '{"code":"NOT_FOUND"}');
  const params = new URLSearchParams(query);
  const pageNumber = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 10);
  try {
    const rows = await page(organizationId, limit, (pageNumber - 1) * limit);
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
