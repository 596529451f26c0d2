import { describe as describeExpected, type Expected, meets, substitutionAnswer } from './access-oracle.ts';
import { type OperationSpec, pathSlots, type Slot } from './operation-table.ts';
import { hasErrorShape, leakedSecrets } from './oracles.ts';
import { buildRequest, type ProbeRequest, type ProbeResponse, type Substitution } from './requests.ts';
import { KINDS, type Kind, type Member, type Tenant } from './seed.ts';

export type Phase = 'a' | 'b' | 'c';

/** One request of the probe and what must come back; `secrets`: what the answer may not contain. */
export type Probe = {
  phase: Phase;
  caller: string;
  token: string;
  request: ProbeRequest;
  expected: Expected;
  secrets: readonly string[];
  /** The answer must carry `Cache-Control: no-store`. */
  noStore: boolean;
};

export type Entry = [key: string, spec: OperationSpec];

const outsider = (expected: Expected, victim: Tenant, showsTenant = false) => ({
  expected,
  secrets: showsTenant ? [] : victim.secrets,
});

/**
 * (a) Members of `intruders` call every operation with `victim`'s organization and object ids: 404 for an
 * organization's operation, whatever they hold in their own. Operations on the caller alone must show
 * nothing of the victim; token operations answer what their table entry documents, and a guessed token
 * (the invitation's or the organization's id) is a 404.
 */
export function outsiderProbes(entries: Entry[], victim: Tenant, intruders: Member[]): Probe[] {
  return entries.flatMap(([key, spec]) => {
    const access = spec.access;
    if ('caller' in access && access.caller === 'writes') return [];
    const base = buildRequest(key, spec, victim.ids);
    const cases: { request: ProbeRequest; expected: Expected; secrets: readonly string[] }[] = [];
    if ('tenant' in access) cases.push({ request: base, ...outsider({ status: 404 }, victim) });
    if ('caller' in access) cases.push({ request: base, ...outsider({ anyOf: 'success' }, victim) });
    if ('token' in access) {
      const { outsider: status, showsTenant } = access.token;
      cases.push({ request: base, ...outsider({ status }, victim, showsTenant) });
      for (const guess of [victim.ids.invitation, victim.ids.organization]) {
        const request = buildRequest(key, spec, victim.ids, [{ in: 'path', at: 'token', value: guess }]);
        cases.push({ request, ...outsider({ status: 404 }, victim) });
      }
    }
    return intruders.flatMap((member) =>
      cases.map((entry) => ({
        phase: 'a' as const,
        caller: member.label,
        token: member.user.token,
        ...entry,
        noStore: spec.noStore === true,
      })),
    );
  });
}

/** Where an operation names an object: its path parameters, then its query and body slots. */
function places(spec: OperationSpec): (Slot | { in: 'path'; at: string; kind: Kind })[] {
  return [
    ...pathSlots(spec).map(({ name, kind }) => ({ in: 'path' as const, at: name, kind })),
    ...(spec.slots ?? []),
  ];
}

/** Values for each place: the other tenant's (below), and for a mismatch, the tenant's own object. */
function valuesByPlace(spec: OperationSpec, home: Tenant, other: Tenant, everyKind: boolean) {
  return [
    ...places(spec).map((place) => ({ place, values: substitutes(other, place.kind, everyKind) })),
    ...(spec.mismatches ?? []).map(({ at, kind }) => ({
      place: { in: 'path' as const, at, kind },
      values: [home.ids[kind]],
    })),
  ];
}

/** At CI scale the other tenant's object of the same kind; at full scale every id and name it has. */
export function substitutes(other: Tenant, kind: Kind | 'customerName', everyKind: boolean): string[] {
  if (!everyKind) return [other.ids[kind]];
  return [...new Set([...KINDS.map((each) => other.ids[each]), other.ids.customerName])].filter(Boolean);
}

/**
 * (b) Members of `home` call with their own organization but one id (path, query or body) taken from
 * `other`, or one of their own that does not belong with the rest of the path: refused (404 for a path id),
 * or for a list that filters, an answer showing nothing of `other`.
 */
export function substitutionProbes(
  entries: Entry[],
  home: Tenant,
  other: Tenant,
  members: Member[],
  everyKind: boolean,
): Probe[] {
  return entries.flatMap(([key, spec]) => {
    if (!('tenant' in spec.access)) return [];
    const method = key.split(' ')[0] ?? 'GET';
    return valuesByPlace(spec, home, other, everyKind).flatMap(({ place, values }) =>
      values.flatMap((value) => {
        const substitution: Substitution = { in: place.in, at: place.at, value };
        const request = buildRequest(key, spec, home.ids, [substitution]);
        return members.map((member) => ({
          phase: 'b' as const,
          caller: member.label,
          token: member.user.token,
          request,
          expected: substitutionAnswer(spec, method, member.profile, place, home.ids.establishment),
          secrets: other.secrets,
          noStore: spec.noStore === true,
        }));
      }),
    );
  });
}

/** What is wrong with an answer, or null. */
export function judge(probe: Probe, response: ProbeResponse): string | null {
  const problems: string[] = [];
  if (!meets(probe.expected, response.status)) problems.push(`expected ${describeExpected(probe.expected)}`);
  if (response.status >= 400 && !hasErrorShape(response.body)) problems.push('no {error:{code,message}}');
  if (probe.noStore && response.cacheControl !== 'no-store') problems.push('no Cache-Control: no-store');
  const leaked = leakedSecrets(response.text, probe.secrets);
  if (leaked.length) problems.push(`shows the other tenant's ${leaked.join(', ')}`);
  if (!problems.length) return null;
  const { method, path, body } = probe.request;
  const sent = body === undefined ? '' : ` ${JSON.stringify(body)}`;
  return `(${probe.phase}) ${probe.caller}: ${method} ${path}${sent} → ${response.status} ${response.text.slice(0, 200)} — ${problems.join('; ')}`;
}
