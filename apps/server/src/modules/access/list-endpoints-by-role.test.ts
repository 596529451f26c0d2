import { ESTABLISHMENT_ROLES, ORG_ROLES } from '@reformer/domain/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createEstablishment,
  createOrganization,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let organizationId: string;
const members: { label: string; user: TestUser }[] = [];

type Parameter = { name: string; in: string; required?: boolean };
type OpenApi = {
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: Parameter[] }>>;
};

/**
 * Values for the query parameters a list requires (the calendar's date range): a list that adds a required
 * parameter adds its sample here, and the test fails until it does.
 */
const REQUIRED_QUERY_SAMPLES: Record<string, string> = { from: '2027-03-01', to: '2027-03-07' };

function requiredQuery(parameters: Parameter[] = []): string {
  const required = parameters.filter((parameter) => parameter.in === 'query' && parameter.required);
  if (required.length === 0) return '';
  const values = required.map((parameter) => {
    const sample = REQUIRED_QUERY_SAMPLES[parameter.name];
    if (sample === undefined)
      throw new Error(`No sample value for the required query parameter ${parameter.name}`);
    return `${parameter.name}=${encodeURIComponent(sample)}`;
  });
  return `?${values.join('&')}`;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  const establishment = await createEstablishment(t, owner, organizationId, 'Unidade Centro');
  for (const role of ORG_ROLES.filter((role) => role !== 'ORG_OWNER')) {
    members.push({ label: role, user: await addMember(t, owner, organizationId, { role }) });
  }
  for (const role of ESTABLISHMENT_ROLES) {
    const establishments = [{ establishmentId: establishment.id, role }];
    members.push({ label: role, user: await addMember(t, owner, organizationId, { establishments }) });
  }
  // A member whose establishment assignments were all taken away: no org role, no establishment role.
  const unassigned = await addMember(t, owner, organizationId, {
    establishments: [{ establishmentId: establishment.id, role: 'EST_VIEWER' }],
  });
  const cleared = await t.request(
    'PUT',
    `/organizations/${organizationId}/staff/${unassigned.id}/establishments`,
    {
      token: owner.token,
      body: { establishments: [] },
    },
  );
  expect(cleared.status, cleared.text).toBe(204);
  members.push({ label: 'no role at all', user: unassigned });
});
afterAll(() => t.close());

describe('every list endpoint, for every role', () => {
  it('answers 200 with what the role may see, or 403 — never 400 or 5xx', async () => {
    const document = (await t.request('GET', '/openapi.json')).body as OpenApi;
    const lists = Object.entries(document.paths)
      .filter(
        ([path, methods]) => /^\/organizations\/\{orgId\}\/[a-z-]+$/.test(path) && methods.get?.security,
      )
      .map(
        ([path, methods]) => path.replace('{orgId}', organizationId) + requiredQuery(methods.get?.parameters),
      );
    expect(lists.length).toBeGreaterThanOrEqual(4);
    const wrong: string[] = [];
    for (const { label, user } of [{ label: 'ORG_OWNER', user: owner }, ...members]) {
      for (const path of lists) {
        const response = await t.request('GET', path, { token: user.token });
        if (response.status !== 200 && response.status !== 403)
          wrong.push(`${label} GET ${path} → ${response.status} ${response.text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows the establishments list to members who may not view establishments: their own, or none', async () => {
    for (const label of ['ORG_ACCOUNTANT', 'ORG_MEDICAL_PROFESSIONAL', 'no role at all', 'EST_INSTRUCTOR']) {
      const member = members.find((entry) => entry.label === label);
      const response = await t.request('GET', `/organizations/${organizationId}/establishments`, {
        token: member?.user.token,
      });
      expect(response.status, label).toBe(200);
      const names = (response.body as { name: string }[]).map((establishment) => establishment.name);
      expect(names, label).toEqual(label === 'EST_INSTRUCTOR' ? ['Unidade Centro'] : []);
    }
  });
});
