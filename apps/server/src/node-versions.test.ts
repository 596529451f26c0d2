import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Issue #27 item 20: Node 20 left long-term support in April 2026. The project declares the LTS lines it is
// tested on, and CI runs the suites again on Node 24 (decision 033).
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const declared: string = JSON.parse(read('package.json')).engines.node;
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};
const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0'];

describe('the Node versions Reformer runs on', () => {
  it('declares Node 20, 22 and 24, and no line CI does not run', () => {
    for (const version of SUPPORTED) expect(semver.satisfies(version, declared), version).toBe(true);
    expect(semver.satisfies('23.11.0', declared)).toBe(false);
    expect(semver.satisfies('26.0.0', declared)).toBe(false);
  });

  it('installs no package whose own engines refuse one of them (npm ci would warn EBADENGINE)', () => {
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range) return [];
      return SUPPORTED.filter((version) => !semver.satisfies(version, range)).map(
        (version) => `${path} (${range}) refuses ${version}`,
      );
    });
    expect(refusing).toEqual([]);
  });

  it('runs the unit and integration suites again on Node 24 in CI', () => {
    const ci = read('.ci/run');
    expect(ci).toContain('npx --yes --package node@24 -- npm run test:unit');
    expect(ci).toContain('npx --yes --package node@24 -- npm run test:integration');
  });
});
