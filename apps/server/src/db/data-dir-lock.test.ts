import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const newDataDir = () => mkdtempSync(join(tmpdir(), 'reformer-lock-'));

describe('data folder lock', () => {
  it('refuses while another live process holds the folder, naming it', () => {
    const dataDir = newDataDir();
    const holder = spawn('sleep', ['30']);
    children.push(holder);
    writeFileSync(join(dataDir, 'reformer.lock'), String(holder.pid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(`pid ${holder.pid}`);
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dataDir = newDataDir();
    writeFileSync(join(dataDir, 'reformer.lock'), '2147480000');
    const lock = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'reformer.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(() => readFileSync(join(dataDir, 'reformer.lock'))).toThrow();
  });

  it('makes a second server on the same folder exit with a clear message', async () => {
    const dataDir = newDataDir();
    const first = startServer(dataDir);
    await waitForOutput(first, /listening/);
    const second = startServer(dataDir);
    const [exitCode, output] = await Promise.all([
      new Promise<number | null>((resolve) => second.once('exit', resolve)),
      waitForOutput(second, /in use by another Reformer process/),
    ]);
    expect(exitCode).toBe(1);
    expect(output).toContain(`pid ${first.pid}`);
  }, 60_000);
});

function startServer(dataDir: string): ChildProcess {
  const main = fileURLToPath(new URL('../main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', WEB_DIST_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve(output);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => (pattern.test(output) ? resolve(output) : reject(new Error(output))));
  });
}
