import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { fuzzCases } from './fuzz-cases.ts';
import { answerProblem, describeCase, rejectedWriters, type Sent, sendCase } from './fuzz-runner.ts';
import { freshTenant } from './fuzz-tenant.ts';
import { coverageProblems, OPERATIONS } from './operation-table.ts';
import { changedTables, tenantDigest } from './oracles.ts';
import { startPostalCodeStandIn } from './postal-code-stand-in.ts';
import { isFullScale, proofSeed } from './proof-scale.ts';
import { type DocumentOperation, documentOperations } from './requests.ts';
import { seedTenant, type Tenant } from './seed.ts';

/**
 * Issue #17, fuzzing: every operation of /api/openapi.json called as the organization's owner with path
 * parameters, queries and JSON bodies generated from the operation's own schema, hostile values mixed in.
 * Never a 5xx; every 4xx in the error shape; a rejected request writes nothing (tenant-table digest per
 * batch; a changed batch is replayed and halved until the request is named).
 */
const CASES = isFullScale ? 10_000 : 2_000;
const BATCH = 25;
const report = { cases: 0, byClass: new Map<string, number>(), failures: [] as string[] };
let t: TestApp;
let postalCodes: Awaited<ReturnType<typeof startPostalCodeStandIn>>;
let operations: DocumentOperation[];
let tenant: Tenant;
let withSchedules: boolean;
let isStale = false;

beforeAll(async () => {
  postalCodes = await startPostalCodeStandIn();
  // The fuzzed portal exchanges all come from one address and fill its limit; behind a trusted proxy, the
  // seeded customers' exchanges come from addresses of their own (portal-client.ts), as real phones' would.
  t = await createTestApp({ ...postalCodes.env, TRUST_PROXY: 'true' });
  operations = await documentOperations(t);
  withSchedules = operations.some((operation) => operation.key === 'POST /organizations/{orgId}/schedules');
  tenant = await seedTenant(t, 'F', { withMembers: false, withSchedules });
}, 120_000);

afterAll(async () => {
  const classes = [...report.byClass].sort().map(([name, count]) => `${name} ${count}`);
  console.log(
    [
      `fuzzing (${isFullScale ? 'full' : 'CI'} scale, seed ${proofSeed})`,
      `  operations: ${operations?.length ?? 0}, cases: ${report.cases} (${classes.join(', ')})`,
      `  failures: ${report.failures.length}`,
      ...report.failures.map((line) => `    - ${line}`),
    ].join('\n'),
  );
  await t?.close();
  await postalCodes?.close();
});

async function runBatch(operation: DocumentOperation, index: number, size: number) {
  const spec = OPERATIONS[operation.key];
  if (!spec) return;
  // Objects are made anew only after a batch that wrote something: an unchanged digest means they are intact.
  if (isStale) tenant = await freshTenant(t, tenant, withSchedules);
  const cases = fc.sample(fuzzCases(operation, spec, tenant.ids), { numRuns: size, seed: proofSeed + index });
  const token = tenant.owner.token;
  const before = await tenantDigest(t.db);
  const sent: Sent[] = [];
  for (const fuzz of cases) {
    const answer = await sendCase(t, token, fuzz);
    sent.push({ fuzz, answer });
    const statusClass = `${Math.floor(answer.status / 100)}xx`;
    report.byClass.set(statusClass, (report.byClass.get(statusClass) ?? 0) + 1);
    const problem = answerProblem(answer);
    if (problem) report.failures.push(`${problem}: ${describeCase({ fuzz, answer })}`);
  }
  report.cases += cases.length;
  const changed = changedTables(before, await tenantDigest(t.db));
  isStale = changed.length > 0;
  if (!isStale) return;
  const rejected = sent.filter(({ answer }) => answer.status >= 400);
  const writers = await rejectedWriters(t, token, rejected);
  report.failures.push(...writers);
  if (!writers.length && rejected.length === sent.length) {
    report.failures.push(
      `${operation.key}: a batch of rejected requests changed ${changed.join(', ')} (not reproduced)`,
    );
  }
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('has an entry in the operation table for every operation', () => {
    expect(coverageProblems(operations.map((operation) => operation.key))).toEqual([]);
  });

  it(
    'never answers 5xx, answers every 4xx with a code and a message, and a rejected request writes nothing',
    async () => {
      const perOperation = Math.ceil(CASES / operations.length);
      for (const [position, operation] of operations.entries()) {
        for (let done = 0; done < perOperation; done += BATCH) {
          await runBatch(operation, position * 1_000 + done, Math.min(BATCH, perOperation - done));
        }
      }
      expect(report.cases).toBeGreaterThanOrEqual(CASES);
      expect(report.failures).toEqual([]);
    },
    isFullScale ? 1_800_000 : 300_000,
  );
});
