/**
 * Keys of the organization queries. Staff, establishment and invitation changes alter an organization's
 * counts and the user's list of organizations, so those features invalidate these keys too.
 */
export function organizationQueryKey(organizationId: string) {
  return ['organizations', 'detail', organizationId] as const;
}

export const myOrganizationsQueryKey = ['organizations', 'me'] as const;
