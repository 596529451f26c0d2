import { type AccessProfile, type Action, can } from '@reformer/domain/permissions';
import type { AtRule, Needs, OperationSpec } from './operation-table.ts';
import type { Kind } from './seed.ts';

/**
 * An exact status; any 4xx; (a list that filters) any 4xx or a 2xx that shows none of the other tenant;
 * or any 2xx.
 */
export type Expected = { status: number } | { anyOf: 'rejected' | 'rejected-or-empty' | 'success' };

/** What the route's middleware answers this member, decided with the domain's `can` like the server. */
export function middlewareAnswer(needs: Needs, profile: AccessProfile): 403 | null {
  if (needs === 'member') return null;
  // The proof's tenants each have an owner of their own: nobody owns every organization of the install.
  if (needs === 'installOwner') return 403;
  if ('everyOrg' in needs) {
    return needs.everyOrg.every((action) => can(profile, action, { scope: 'ORG' })) ? null : 403;
  }
  if ('org' in needs) {
    const holdsOne = (actions: Action | readonly Action[]) =>
      (typeof actions === 'string' ? [actions] : actions).some((action) =>
        can(profile, action, { scope: 'ORG' }),
      );
    return holdsOne(needs.org) && (!needs.alsoOrg || holdsOne(needs.alsoOrg)) ? null : 403;
  }
  // Without an establishment id, `can` at ESTABLISHMENT scope means "at some establishment".
  return can(profile, needs.anywhere, { scope: 'ESTABLISHMENT' }) ? null : 403;
}

/** The service's check at the object's establishment: 404 unseen, 403 seen without the action. */
export function establishmentAnswer(
  at: AtRule,
  profile: AccessProfile,
  establishmentId: string,
): 403 | 404 | null {
  const holds = (action: Action) => can(profile, action, { scope: 'ESTABLISHMENT', establishmentId });
  if (at.seeWith && !at.seeWith.some(holds)) return 404;
  return at.act.some(holds) ? null : 403;
}

/** Phase (c): what a member of the tenant gets for its own objects; null when the member may do it. */
export function forbiddenAnswer(
  spec: OperationSpec,
  profile: AccessProfile,
  establishmentId: string,
): number | null {
  if (!('tenant' in spec.access)) return null;
  const { tenant, at } = spec.access;
  return middlewareAnswer(tenant, profile) ?? (at ? establishmentAnswer(at, profile, establishmentId) : null);
}

type Place = { in: 'path' | 'query' | 'body'; kind: Kind | 'customerName'; status?: number };

/**
 * Phase (b): the other tenant's value in one place. The middleware answers first (403). An id in the path
 * is a 404 — unless the service checks the establishment of another object of the path first (`at.of`),
 * in which case that check may answer. A value in the query or body: any 4xx, or for a read, a 2xx
 * showing nothing of the other tenant.
 */
export function substitutionAnswer(
  spec: OperationSpec,
  method: string,
  profile: AccessProfile,
  place: Place,
  establishmentId: string,
): Expected {
  if (!('tenant' in spec.access)) return { anyOf: 'rejected' };
  const { tenant, at } = spec.access;
  const gate = middlewareAnswer(tenant, profile);
  if (gate) return { status: gate };
  if (place.status) return { status: place.status };
  if (place.in === 'path') {
    const first = at && at.of !== place.kind ? establishmentAnswer(at, profile, establishmentId) : null;
    return { status: first ?? 404 };
  }
  return { anyOf: method === 'GET' ? 'rejected-or-empty' : 'rejected' };
}

export function meets(expected: Expected, status: number): boolean {
  if ('status' in expected) return status === expected.status;
  const rejected = status >= 400 && status < 500;
  const success = status >= 200 && status < 300;
  if (expected.anyOf === 'success') return success;
  return expected.anyOf === 'rejected' ? rejected : rejected || success;
}

export function describe(expected: Expected): string {
  return 'status' in expected ? String(expected.status) : expected.anyOf;
}
