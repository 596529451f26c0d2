// Test fixture: a process that starts the embedded PostgreSQL on argv[2], prints its pids, and waits to be
// killed, as a server would.
import { startEmbeddedPostgres } from '../embedded-postgres.ts';

const server = await startEmbeddedPostgres(process.argv[2] as string).catch((error: Error) => {
  process.stdout.write(`${JSON.stringify({ refused: error.message })}\n`);
  process.exit(2);
});
process.stdout.write(`${JSON.stringify({ url: server.url, pids: server.pids })}\n`);
setInterval(() => {}, 60_000);
