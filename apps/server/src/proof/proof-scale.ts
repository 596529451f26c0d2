/**
 * `npm run test:proof` sets PROOF_SCALE=full (the counts issue #17 asks for); anything else runs the CI
 * scale that `npm run validate` uses. The only setting the proof suites read.
 */
export const isFullScale = process.env.PROOF_SCALE === 'full';

/** Runs `task` over `items` with at most `width` at a time. */
export async function inParallel<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/** fast-check's seed: fixed, so a failure found in CI replays the same way; PROOF_SEED picks another. */
export const proofSeed = Number(process.env.PROOF_SEED ?? 17);
