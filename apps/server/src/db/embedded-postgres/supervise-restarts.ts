import { setTimeout as sleep } from 'node:timers/promises';
import { DataDirLockedError } from './cluster-folder.ts';

/** One run of the embedded PostgreSQL, with the watchdog that stops it if this process dies. */
export type RunningPostgres = {
  port: number;
  /** Where the server's pools connect: the Unix socket's folder, or 127.0.0.1 (launch-postgres.ts). */
  host: string;
  pids: { postgres: number; watchdog: number };
  /** Resolves when the postmaster has exited, for whatever reason. */
  exited: Promise<void>;
  stop(): Promise<void>;
  /** Ends the watchdog of a PostgreSQL that is already gone, so it cannot signal a reused pid. */
  forgetWatchdog(): void;
};

// The first wait also lets the killed postmaster's backends exit: PostgreSQL refuses to start while they hold
// the old shared memory.
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5000;

/**
 * Keeps the embedded PostgreSQL running while the server does (issue #27 item 18, decision 033): when it
 * exits without `stop()` (killed, out of memory), it is started again after 0.5 s, then with the wait
 * doubling up to 5 s, until it runs. Meanwhile requests answer 503. `relaunch` applies the data folder's
 * lock rules, so a Reformer process that took the folder in the meantime keeps it and this one is told.
 */
export function superviseRestarts(
  first: RunningPostgres,
  hooks: { relaunch: () => Promise<RunningPostgres>; onLost: (error: DataDirLockedError) => void },
) {
  let current = first;
  let stopping = false;
  let restarting: Promise<void> = Promise.resolve();

  const restart = async (gone: RunningPostgres) => {
    gone.forgetWatchdog();
    console.error(`[database] the embedded PostgreSQL (pid ${gone.pids.postgres}) exited; starting it again`);
    for (let delay = FIRST_DELAY_MS; !stopping; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
      await sleep(delay);
      if (stopping) return;
      try {
        current = await hooks.relaunch();
        console.error(`[database] the embedded PostgreSQL is back (pid ${current.pids.postgres})`);
        watch(current);
        return;
      } catch (error) {
        if (error instanceof DataDirLockedError) return hooks.onLost(error);
        const reason = (error as Error).message.split('\n')[0];
        console.error(`[database] the embedded PostgreSQL did not start again (${reason}); retrying`);
      }
    }
  };

  const watch = (running: RunningPostgres) => {
    void running.exited.then(() => {
      if (stopping || running !== current) return;
      restarting = restart(running);
    });
  };
  watch(first);

  return {
    current: () => current,
    stop: async () => {
      stopping = true;
      await restarting;
      await current.stop();
    },
  };
}
