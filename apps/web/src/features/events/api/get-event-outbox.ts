import type { EventKind, EventMessageList } from '@reformer/domain/events';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { eventsPath, eventsQueryKey, KIND_SEGMENTS } from './events-paths.ts';

/** Whose outbox: a configurable kind's, or the class reminders' and notices' together (decision 050). */
export type OutboxArea = EventKind | 'CLASS_NOTICES';

const segmentOf = (area: OutboxArea) => (area === 'CLASS_NOTICES' ? 'class-notices' : KIND_SEGMENTS[area]);

/** E-mails waiting for an e-mail server and automatic WhatsApp messages waiting to be opened, newest first. */
export function getEventOutbox(organizationId: string, area: OutboxArea): Promise<EventMessageList> {
  return api.get<EventMessageList>(eventsPath(organizationId, `${segmentOf(area)}/outbox`));
}

export function eventOutboxQueryOptions(organizationId: string, area: OutboxArea) {
  return queryOptions({
    queryKey: [...eventsQueryKey(organizationId), 'outbox', area] as const,
    queryFn: () => getEventOutbox(organizationId, area),
    staleTime: STALE_TIME.list,
  });
}
