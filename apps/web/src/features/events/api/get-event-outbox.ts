import type { EventKind, EventMessageList } from '@reformer/domain/events';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { eventsPath, eventsQueryKey, KIND_SEGMENTS } from './events-paths.ts';

/** E-mails waiting for an e-mail server and automatic WhatsApp messages waiting to be opened, newest first. */
export function getEventOutbox(organizationId: string, kind: EventKind): Promise<EventMessageList> {
  return api.get<EventMessageList>(eventsPath(organizationId, `${KIND_SEGMENTS[kind]}/outbox`));
}

export function eventOutboxQueryOptions(organizationId: string, kind: EventKind) {
  return queryOptions({
    queryKey: [...eventsQueryKey(organizationId), 'outbox', kind] as const,
    queryFn: () => getEventOutbox(organizationId, kind),
    staleTime: STALE_TIME.list,
  });
}
