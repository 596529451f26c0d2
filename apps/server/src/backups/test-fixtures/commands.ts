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

type Environment = Record<string, string | undefined>;

/** This process's environment with `changes`; a variable changed to undefined is left out. */
function environment(changes: Environment): Record<string, string> {
  const merged: Environment = { ...process.env, ...changes };
  return Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * An embedded studio in `dataDir`, with nothing of the test's configuration (no DATABASE_URL, AUTH_SECRET or
 * SECRETS_KEY, which CI's second run sets): what it needs must come from the folder.
 */
export const embeddedStudio = (dataDir: string): Environment => ({
  DATA_DIR: dataDir,
  DATABASE_URL: undefined,
  AUTH_SECRET: undefined,
  SECRETS_KEY: undefined,
});

/** `npm run <command>` as scripts/<command>.mjs, in this process's environment with `changes`. */
export function runCommand(command: string, args: string[], changes: Environment): Command {
  return started(
    spawn(process.execPath, [join(root, 'scripts', `${command}.mjs`), ...args], {
      cwd: root,
      env: environment(changes),
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

/** The real server on the embedded studio of `dataDir` (`embeddedStudio`); resolves once it listens. */
export async function startServer(
  dataDir: string,
): Promise<{ origin: string; stop: () => Promise<void>; output: () => string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = started(
    spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env: environment({
        ...embeddedStudio(dataDir),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
      }),
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
  return { origin, stop, output: server.output };
}
