/**
 * Keys of the organization queries. Staff, establishment and invitation changes alter an organization's
 * counts and the user's list of organizations, so those features invalidate these keys too.
 */
export function organizationQueryKey(organizationId: string) {
  return ['organizations', 'detail', organizationId] as const;
}

export const myOrganizationsQueryKey = ['organizations', 'me'] as const;

/**
 * Every schedule query of an organization starts with this key. Establishment changes invalidate it too
 * (spec §7: deleting an establishment refreshes schedules), so it lives here and not in the feature.
 */
export function schedulesQueryKey(organizationId: string) {
  return ['schedules', organizationId] as const;
}

/**
 * Every session (attendance) query of an organization starts with this key. Schedule, establishment and
 * customer changes invalidate it (spec §7: changing establishments refreshes schedule sessions; deleting a
 * customer refreshes attendance).
 */
export function sessionsQueryKey(organizationId: string) {
  return ['sessions', organizationId] as const;
}

/**
 * Every enrollment query of an organization starts with this key. A session's roster changes (status,
 * check-in) show in the details of the enrollment that covers it, so attendance invalidates it too.
 */
export function enrollmentsQueryKey(organizationId: string) {
  return ['enrollments', organizationId] as const;
}

/**
 * Every payment query of an organization starts with this key: the list, a customer's billing cycles and
 * the PIX settings. Enrollment changes invalidate it too (a new enrollment brings its cycles to pay).
 */
export function paymentsQueryKey(organizationId: string) {
  return ['payments', organizationId] as const;
}

/**
 * Every purchase query (packs, single and trial classes sold, decision 029) of an organization starts with
 * this key. Under the payments key: a payment changes what is paid of a purchase. Adding a customer to a
 * session and changing their status change its balance, so attendance invalidates it too.
 */
export function purchasesQueryKey(organizationId: string) {
  return [...paymentsQueryKey(organizationId), 'purchases'] as const;
}
