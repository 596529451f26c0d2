import {
  type AccessProfile,
  type Action,
  can,
  canAny,
  type PermissionCheck,
} from '@reformer/domain/permissions';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { STALE_TIME } from './query-client.ts';

/**
 * The user's access profile in one organization (spec §6). The web only hides or blocks with it; the
 * server decides. Shared by every feature inside an organization, hence here and not in a feature.
 */
export function accessProfileQueryKey(organizationId: string) {
  return ['access-profile', organizationId] as const;
}

export function getAccessProfile(organizationId: string): Promise<AccessProfile> {
  return api.get<AccessProfile>('/auth/profile/access', { query: { organizationId } });
}

export function accessProfileQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: accessProfileQueryKey(organizationId),
    queryFn: () => getAccessProfile(organizationId),
    staleTime: STALE_TIME.accessProfile,
  });
}

export type Permissions = {
  profile: AccessProfile;
  can: (action: Action, check?: PermissionCheck) => boolean;
  canAny: (action: Action) => boolean;
};

/** `can()` bound to the organization's profile; the route loader has already fetched it. */
export function usePermissions(organizationId: string): Permissions {
  const { data: profile } = useSuspenseQuery(accessProfileQueryOptions(organizationId));
  return {
    profile,
    can: (action, check = { scope: 'ORG' }) => can(profile, action, check),
    canAny: (action) => canAny(profile, action),
  };
}
