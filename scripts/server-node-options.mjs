// The Node options `npm start` gives the server, read from package.json's "start" script so that it stays
// the one place they are written: the benches and the browser tests start the server with them too.
// --max-semi-space-size=32: a young generation of 64 MB instead of Node 20's 32 MB. Under load, the objects
// of fifty requests in flight outlived the small one's scavenges and were copied into the old generation;
// with it the week of sessions cost 1.46–1.49 ms of Node CPU a request instead of 1.80–1.99 (decision 018).
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The options between `node` and the script in `npm start`, e.g. ['--max-semi-space-size=32']. */
export const serverNodeOptions = packageJson.scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
