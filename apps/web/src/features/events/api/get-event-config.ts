import type { EventConfig, EventKind } from '@reformer/domain/events';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { eventsPath, eventsQueryKey, KIND_SEGMENTS } from './events-paths.ts';

export function eventConfigPath(organizationId: string, kind: EventKind): string {
  return eventsPath(organizationId, `config/${KIND_SEGMENTS[kind]}`);
}

export function eventConfigQueryKey(organizationId: string, kind: EventKind) {
  return [...eventsQueryKey(organizationId), 'config', kind] as const;
}

export function getEventConfig(organizationId: string, kind: EventKind): Promise<EventConfig> {
  return api.get<EventConfig>(eventConfigPath(organizationId, kind));
}

export function eventConfigQueryOptions(organizationId: string, kind: EventKind) {
  return queryOptions({
    queryKey: eventConfigQueryKey(organizationId, kind),
    queryFn: () => getEventConfig(organizationId, kind),
    staleTime: STALE_TIME.list,
  });
}
