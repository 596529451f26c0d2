import type { ClassNoticeSettings } from '@reformer/domain/events-class-notices';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { eventsPath, eventsQueryKey } from './events-paths.ts';

export const classNoticeSettingsPath = (organizationId: string) =>
  eventsPath(organizationId, 'config/class-notices');

export function classNoticeSettingsQueryKey(organizationId: string) {
  return [...eventsQueryKey(organizationId), 'config', 'class-notices'] as const;
}

/** Hours before a class its reminder goes, the notice of a moved or cancelled class, and their channels. */
export function getClassNoticeSettings(organizationId: string): Promise<ClassNoticeSettings> {
  return api.get<ClassNoticeSettings>(classNoticeSettingsPath(organizationId));
}

export function classNoticeSettingsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: classNoticeSettingsQueryKey(organizationId),
    queryFn: () => getClassNoticeSettings(organizationId),
    staleTime: STALE_TIME.list,
  });
}
