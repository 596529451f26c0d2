import { defineConfig } from 'vitest/config';

const serverDatabase = {
  root: 'apps/server',
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'server', include: ['src/**/*.test.ts'], ...serverDatabase } },
      // Whole-API proofs driven by the OpenAPI document (issue #17); PROOF_SCALE=full for the full counts.
      { test: { name: 'proof', include: ['src/proof/**/*.proof.ts'], ...serverDatabase } },
    ],
  },
});
