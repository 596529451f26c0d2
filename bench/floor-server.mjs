// The floor of a list on this stack (`npm run bench:load -- --floor`, bench/floor.mjs): the server's answer for
// the customer list or the week of sessions, byte for byte, from node:http and pg alone — the bearer token
// compared with one kept string (the app's verified-token and membership caches, hit), the organization's
// transaction opened in the same write as the list's statements on the tenant role (as db/row-level-security.ts
// does), the rows mapped by hand, JSON.stringify. No framework, no validation, no log line, no metrics, no request
// id, no security headers. What the server's Node CPU a request is above this is what its layers cost (decision
// 018, sessions 26 and 28).
// Env: DATABASE_URL; PORT; FLOOR_LIST, which list ("customer list" or "sessions, a week"); FLOOR_PATH, the one
// call it answers ("/api/organizations/…/customers?page=1&limit=10"); FLOOR_STATEMENTS, the statements the server
// sends for it in order and the one whose rows the answer holds ({ statements: [{ name, text, values }], rowsOf },
// built by the server's own code: bench/floor.mjs); FLOOR_PG_OPTIONS, the tenant pool's connection options;
// AUTHORIZATION, the seeded owner's "Bearer …"; PGAPPNAME, how its backends are found.
import { createServer } from 'node:http';
import pg from 'pg';

const { statements, rowsOf } = JSON.parse(process.env.FLOOR_STATEMENTS);
const { FLOOR_LIST: list, FLOOR_PATH: floorPath, AUTHORIZATION: authorization } = process.env;
const organizationId = /^\/api\/organizations\/([0-9a-f-]{36})\//.exec(floorPath)[1];
const { page: pageNumber, limit } = Object.fromEntries(
  [...new URL(floorPath, 'http://floor').searchParams].map(([key, value]) => [key, Number(value)]),
);

const url = new URL(process.env.DATABASE_URL);
// The tenant pool's connection settings, as db/client.ts gives them (FLOOR_PG_OPTIONS, from bench/floor.mjs).
url.searchParams.set('options', process.env.FLOOR_PG_OPTIONS);
// A date and a timestamp without zone stay the text PostgreSQL wrote ("1990-05-17", "2027-03-01 10:00:00"), as
// the app's Drizzle reads them.
const AS_TEXT = new Set([1082, 1114]);
const types = {
  getTypeParser: (oid, format) => (AS_TEXT.has(oid) ? (text) => text : pg.types.getTypeParser(oid, format)),
};
const pool = new pg.Pool({ connectionString: url.toString(), max: 10, pipeline: true, types });
// An idle connection the database closes (the bench stopping it) must not take the process down.
pool.on('error', () => {});

/** BEGIN and the organization go out corked with the list's statements: one write, as the server's. */
async function readRows() {
  const client = await pool.connect();
  try {
    const { stream } = client.connection;
    stream.cork();
    const opened = client.query(`begin; select set_config('app.organization_id', '${organizationId}', true)`);
    const sent = statements.map(({ name, text, values }) =>
      values.length ? client.query({ name, text, values, rowMode: 'array' }) : client.query(text),
    );
    queueMicrotask(() => stream.uncork());
    const [, ...results] = await Promise.all([opened, ...sent]);
    await client.query('commit');
    return results[rowsOf].rows;
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

const customerPage = (rows) => ({
  items: rows.map((r) => ({
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
  })),
  total: rows[0]?.[25] ?? 0,
  page: pageNumber,
  limit,
});

// The two below restate the app's own (db/joins.ts, the domain's sessionAvailability) on purpose: the floor loads
// no app code — it runs on plain node, without tsx or the app's heap — and floor.mjs's byte-for-byte check holds
// its answer to the server's before every measurement.

/** "2027-03-01 10:00:00.5" → "2027-03-01T10:00:00.500Z", as db/joins.ts's isoFromUtcText. */
const iso = (text) =>
  `${text.slice(0, 10)}T${text.slice(11, 19)}.${text.length > 20 ? text.slice(20, 23).padEnd(3, '0') : '000'}Z`;

/** As the domain's sessionAvailability (seats × 5 ≥ capacity × 4 is almost full). */
function availability(isActive, seats, capacity) {
  if (!isActive) return 'INACTIVE';
  if (seats >= capacity) return 'FULL';
  return seats * 5 >= capacity * 4 ? 'ALMOST_FULL' : 'AVAILABLE';
}

const sessionWeek = (rows) => ({
  items: rows.map((r) => ({
    id: r[0],
    scheduleId: r[1],
    scheduleName: r[2],
    type: r[3],
    establishmentId: r[4],
    establishmentName: r[5],
    staffUserId: r[6],
    staffName: r[7],
    date: r[8],
    startTime: r[9].slice(0, 5),
    endTime: r[10].slice(0, 5),
    startsAt: iso(r[11]),
    endsAt: iso(r[12]),
    capacity: r[13],
    rosterCount: r[20],
    heldSeats: r[14],
    checkedInCount: r[21],
    availability: availability(r[15], r[20] + r[14], r[13]),
    isActive: r[15],
    movedFrom: r[16] ? { date: r[17], startTime: r[18].slice(0, 5), endTime: r[19].slice(0, 5) } : null,
  })),
});

const ANSWERS = { 'customer list': customerPage, 'sessions, a week': sessionWeek };
const answerOf = ANSWERS[list];

createServer(async (request, response) => {
  if (request.url === '/health') return answer(response, 200, '{}');
  if (request.url !== floorPath || request.headers.authorization !== authorization)
    return answer(response, 404, '{"code":"NOT_FOUND"}');
  try {
    answer(response, 200, JSON.stringify(answerOf(await readRows())));
  } catch (error) {
    answer(response, 500, JSON.stringify({ code: 'INTERNAL', message: String(error) }));
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
// The bench stops it with SIGTERM and reads exit code 0 as a clean stop.
process.on('SIGTERM', () => process.exit(0));
