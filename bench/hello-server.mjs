// A bare Hono hello-world on @hono/node-server: the ceiling that bench/organizations-me.mjs compares the API
// with. Run as a child process so it does not share an event loop with autocannon. PORT from the env.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/', (c) => c.text('Hello Hono!'));

const port = Number(process.env.PORT);
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`hello listening on http://127.0.0.1:${info.port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
