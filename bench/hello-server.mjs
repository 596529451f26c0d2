// A bare Hono server on @hono/node-server: the ceiling the API is compared with. Run as a child process so it
// does not share an event loop with the measuring script. PORT from the env.
//
// - `GET /`: hello-world (bench/organizations-me.mjs, and the request floor of bench/customer-search.mjs).
// - `GET /customers/{organizationId}?search=` when DATABASE_URL is set (bench/customer-search.mjs): the
//   customer search's page query and count(*) exactly as the API sends them (bench/customer-search-sql.mjs),
//   side by side on a pg pool as the API runs them, answered as JSON — with no token check, no membership,
//   no validation and no ORM. What any HTTP endpoint running that SQL costs on this machine, at least.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { rawQueries } from './customer-search-sql.mjs';

const app = new Hono();
app.get('/', (c) => c.text('Hello Hono!'));

// Like apps/server/src/db/client.ts: plan every prepared statement for its values.
const pool = process.env.DATABASE_URL
  ? new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      options: '-c plan_cache_mode=force_custom_plan',
      max: 10,
    })
  : null;
if (pool) {
  app.get('/customers/:organizationId', async (c) => {
    const { list, count } = rawQueries(c.req.param('organizationId'), c.req.query('search') ?? '', 10);
    const [rows, counted] = await Promise.all([pool.query(list), pool.query(count)]);
    return c.json({ items: rows.rows, total: Number(counted.rows[0].count) });
  });
}

const port = Number(process.env.PORT);
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`hello listening on http://127.0.0.1:${info.port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => Promise.resolve(pool?.end()).then(() => process.exit(0))));
}
