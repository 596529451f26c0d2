import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The operator commands and the server, run as an owner runs them: each its own Node process. */
const root = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Spawned commands load the server's code through tsx: seconds each, more on a busy machine. */
export const COMMAND_TIMEOUT_MS = 120_000;

export type Command = { child: ChildProcess; exited: Promise<number | null>; output: () => string };

function started(child: ChildProcess): Command {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** `npm run <command>` as scripts/<command>.mjs, with `env` added to this process's environment. */
export function runCommand(command: string, args: string[], env: Record<string, string>): Command {
  return started(
    spawn(process.execPath, [join(root, 'scripts', `${command}.mjs`), ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    }),
  );
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The real server on the embedded database of `dataDir`, with nothing of the test's configuration (no
 * DATABASE_URL, AUTH_SECRET or SECRETS_KEY: what it needs must come from the folder); resolves once it listens.
 */
export async function startServer(dataDir: string): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ['DATABASE_URL', 'AUTH_SECRET', 'SECRETS_KEY']) delete env[name];
  const server = started(
    spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin },
    }),
  );
  const stop = async () => {
    server.child.kill('SIGINT');
    await server.exited;
  };
  await new Promise<void>((resolve, reject) => {
    server.child.stdout?.on('data', () => {
      if (server.output().includes('Reformer listening')) resolve();
    });
    server.exited.then(() => reject(new Error(`The server stopped:\n${server.output()}`)));
  });
  return { origin, stop };
}
