import type { WhatsAppTemplates } from '@reformer/domain/whatsapp-templates';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { whatsappPath, whatsappQueryKey } from './get-whatsapp.ts';

export function whatsappTemplatesQueryKey(organizationId: string) {
  return [...whatsappQueryKey(organizationId), 'templates'] as const;
}

/** Reformer's templates with Meta's review status, read from Meta each time (none without a connection). */
export function whatsappTemplatesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: whatsappTemplatesQueryKey(organizationId),
    queryFn: () => api.get<WhatsAppTemplates>(whatsappPath(organizationId, '/templates')),
    // Meta reviews in minutes: look again while one is in review.
    refetchInterval: (query) =>
      query.state.data?.templates.some((template) => template.status === 'PENDING') ? 5000 : false,
    retry: false,
  });
}
