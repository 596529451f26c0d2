// `npm start`: build the web app if its sources changed since the build (`npm ci` already built it), then
// run the server (which starts the embedded PostgreSQL unless DATABASE_URL is set, migrates the database
// and serves the API, the web app and the job worker) in this same process.
import { buildWebIfStale } from './build-web.mjs';

buildWebIfStale();
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
