import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { judge, outsiderProbes, type Phase, type Probe, substitutionProbes } from './isolation-probes.ts';
import { coverageProblems, OPERATIONS, type OperationSpec } from './operation-table.ts';
import { changedTables, tenantDigest } from './oracles.ts';
import { startPostalCodeStandIn } from './postal-code-stand-in.ts';
import { inParallel, isFullScale } from './proof-scale.ts';
import { documentOperations, send } from './requests.ts';
import { forbiddenProbes, permittedProbes } from './role-probes.ts';
import { seedTenant, type Tenant } from './seed.ts';

/**
 * Issue #17, cross-tenant and role probe. Two organizations with one object of every kind; every operation
 * of /api/openapi.json called (a) by the other organization's members with this one's ids, (b) by this
 * one's members with one id taken from the other, (c) by this one's members who lack the action. Nothing
 * may be read (no answer shows the other tenant's ids, names or e-mails) or changed (tenant-table digest).
 * Full scale: both directions, every member, every id of the other tenant in every place (`npm run
 * test:proof`). CI scale: one direction (B's members probing A, A's members with B's ids), and in (b)
 * only the other tenant's id of the same kind; still every member and every operation.
 */
const PHASE_TIMEOUT = isFullScale ? 900_000 : 60_000;
const tally = { operations: 0, exempt: [] as string[], requests: 0, violations: [] as string[] };
let t: TestApp;
let postalCodes: Awaited<ReturnType<typeof startPostalCodeStandIn>>;
let a: Tenant;
let b: Tenant;
let entries: [string, OperationSpec][];
let coverage: string[];

beforeAll(async () => {
  postalCodes = await startPostalCodeStandIn();
  t = await createTestApp(postalCodes.env);
  const operations = await documentOperations(t);
  coverage = coverageProblems(operations.map((operation) => operation.key));
  entries = Object.entries(OPERATIONS).filter(([key]) =>
    operations.some((operation) => operation.key === key),
  );
  const withSchedules = operations.some(
    (operation) => operation.key === 'POST /organizations/{orgId}/schedules',
  );
  a = await seedTenant(t, 'A', { withMembers: true, withSchedules });
  b = await seedTenant(t, 'B', { withMembers: true, withSchedules });
  tally.operations = entries.length;
  tally.exempt = entries.flatMap(([key, spec]) =>
    'caller' in spec.access && spec.access.caller === 'writes' ? [`${key} (${spec.access.why})`] : [],
  );
}, 300_000);

afterAll(async () => {
  console.log(
    [
      `tenant isolation (${isFullScale ? 'full' : 'CI'} scale, ${isFullScale ? 'A→B and B→A' : 'B→A'})`,
      `  operations covered: ${tally.operations} (not called, acting on the caller only: ${tally.exempt.length})`,
      ...tally.exempt.map((line) => `    - ${line}`),
      `  requests made: ${tally.requests}`,
      `  violations: ${tally.violations.length}`,
      ...tally.violations.map((line) => `    - ${line}`),
    ].join('\n'),
  );
  await t?.close();
  await postalCodes?.close();
});

/** Both directions at full scale; B's members probing A at CI scale. */
function directions(): { home: Tenant; other: Tenant }[] {
  return isFullScale
    ? [
        { home: a, other: b },
        { home: b, other: a },
      ]
    : [{ home: a, other: b }];
}

// A member's read of its own organization's medical records writes an audit row; phase (c) lets such reads
// through, and the digest leaves exactly those rows out (`tenantDigest`). Its dashboard reads refresh the
// organization's kept figures, which phase (c) alone leaves out: no outsider's request may touch them.
const digest = (phase: Phase) =>
  tenantDigest(t.db, { ownAuditedReads: 'ignore', ...(phase === 'c' ? { keptFigures: 'ignore' } : {}) });

async function run(phase: Phase, probes: Probe[]) {
  const before = await digest(phase);
  const found: string[] = [];
  await inParallel(probes, 8, async (probe) => {
    const problem = judge(probe, await send(t, probe.token, probe.request));
    if (problem) found.push(problem);
  });
  const changed = changedTables(before, await digest(phase));
  if (changed.length) found.push(`(${phase}) the phase changed tenant tables: ${changed.join(', ')}`);
  tally.requests += probes.length;
  tally.violations.push(...found);
  return found;
}

describe('tenant isolation, every operation of the OpenAPI document', () => {
  it('has an entry in the operation table for every operation, and none for a removed one', () => {
    expect(coverage).toEqual([]);
    expect(entries.length).toBeGreaterThan(30);
  });

  it(
    "(a) answers 404 to another organization's members, and shows them nothing",
    async () => {
      const probes = directions().flatMap(({ home, other }) => outsiderProbes(entries, home, other.members));
      expect(await run('a', probes)).toEqual([]);
    },
    PHASE_TIMEOUT,
  );

  it(
    "(b) refuses the other organization's ids in path, query and body, one at a time",
    async () => {
      const probes = directions().flatMap(({ home, other }) =>
        substitutionProbes(entries, home, other, home.members, isFullScale),
      );
      expect(await run('b', probes)).toEqual([]);
    },
    PHASE_TIMEOUT,
  );

  it(
    '(c) answers 403 (404 where the establishment is out of sight) to members lacking the action, and lets the others through',
    async () => {
      const probes = directions().flatMap(({ home, other }) => [
        ...forbiddenProbes(entries, home, home.members),
        ...permittedProbes(entries, home, home.members, other),
      ]);
      expect(await run('c', probes)).toEqual([]);
    },
    PHASE_TIMEOUT,
  );

  it.runIf(isFullScale)('made at least 10,000 requests', () => {
    expect(tally.requests).toBeGreaterThanOrEqual(10_000);
  });
});
