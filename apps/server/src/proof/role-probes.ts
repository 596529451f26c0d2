import { randomUUID } from 'node:crypto';
import { forbiddenAnswer } from './access-oracle.ts';
import type { Entry, Probe } from './isolation-probes.ts';
import { type OperationSpec, pathSlots } from './operation-table.ts';
import { buildRequest } from './requests.ts';
import type { Member, Tenant } from './seed.ts';

/**
 * (c) Every member whose roles lack the operation's action (the domain's `can`): 403, or 404 where the
 * object's establishment is one they may not see — and the refusal shows nothing of the organization.
 */
export function forbiddenProbes(entries: Entry[], home: Tenant, members: Member[]): Probe[] {
  return entries.flatMap(([key, spec]) => {
    const request = buildRequest(key, spec, home.ids);
    return members.flatMap((member) => {
      const status = forbiddenAnswer(spec, member.profile, home.ids.establishment);
      if (status === null) return [];
      const own = [member.user.id, member.user.email];
      const secrets = home.secrets.filter((secret) => !own.includes(secret));
      const caller = member.label;
      return [
        {
          phase: 'c' as const,
          caller,
          token: member.user.token,
          request,
          expected: { status },
          secrets,
          noStore: spec.noStore === true,
        },
      ];
    });
  });
}

/**
 * (c), the other side: a member the table says may make the call. A read must succeed; a write (or an
 * audited read) is sent in a form that fails after authorization — a body that is not an object (400) or
 * unknown object ids (404) — so it proves the middleware let the member through without changing anything.
 * An operation with neither (leaving the organization) is not called.
 */
export function permittedProbes(entries: Entry[], home: Tenant, members: Member[], other: Tenant): Probe[] {
  return entries.flatMap(([key, spec]) => {
    if (!('tenant' in spec.access)) return [];
    const attempt = harmlessAttempt(key, spec, home);
    if (!attempt) return [];
    return members
      .filter((member) => forbiddenAnswer(spec, member.profile, home.ids.establishment) === null)
      .map((member) => ({
        phase: 'c' as const,
        caller: member.label,
        token: member.user.token,
        ...attempt,
        secrets: other.secrets,
        noStore: spec.noStore === true,
      }));
  });
}

function harmlessAttempt(key: string, spec: OperationSpec, home: Tenant) {
  const valid = buildRequest(key, spec, home.ids);
  if (valid.method === 'GET' && !spec.auditedRead)
    return { request: valid, expected: { anyOf: 'success' as const } };
  if (spec.auditedRead) {
    const query = new URLSearchParams(spec.auditedRead.failingQuery);
    return { request: { ...valid, path: `${valid.path.split('?')[0]}?${query}` }, expected: { status: 400 } };
  }
  if (spec.body) return { request: { ...valid, body: [] }, expected: { status: 400 } };
  const unknown = pathSlots(spec).map(({ name }) => ({ in: 'path' as const, at: name, value: randomUUID() }));
  if (!unknown.length) return null;
  return { request: buildRequest(key, spec, home.ids, unknown), expected: { status: 404 } };
}
