import { defineConfig } from 'vitest/config';

const serverDatabase = {
  root: 'apps/server',
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Every file imports the whole server (the app, better-auth, zxcvbn's dictionaries): isolated, that import
  // took 247 of the suite's 315 s. The files share nothing at module level — each opens its own database and
  // app, and restores its spies — so a worker imports it once and runs its files one after another.
  isolate: false,
};

export default defineConfig({
  test: {
    // The suites wait on PostgreSQL most of the time: three workers keep two cores busy (vitest's default
    // is one fewer than the cores, a single worker on CI's two). 315 s → 130 s for the server suite.
    maxWorkers: 3,
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      // The repository's own checks (scripts/check-migrations.mjs: decision 047's rule), pure functions.
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.mjs'] } },
      { test: { name: 'server', include: ['src/**/*.test.ts'], ...serverDatabase } },
      // Whole-API proofs driven by the OpenAPI document (issue #17); PROOF_SCALE=full for the full counts.
      { test: { name: 'proof', include: ['src/proof/**/*.proof.ts'], ...serverDatabase } },
    ],
  },
});
