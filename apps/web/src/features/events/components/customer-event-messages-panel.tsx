import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { customerEventMessagesQueryOptions } from '../api/get-customer-event-messages.ts';
import { EventMessagesList } from './event-messages-list.tsx';

type CustomerEventMessagesPanelProps = { organizationId: string; customerId: string };

/** The customer details page's Messages tab: what was sent, automatically or by hand, channel, when, by whom. */
export function CustomerEventMessagesPanel({ organizationId, customerId }: CustomerEventMessagesPanelProps) {
  const { t } = useTranslation();
  const messages = useQuery(customerEventMessagesQueryOptions(organizationId, customerId));
  const items = messages.data?.items ?? [];
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-messages">
      <div className="card-body gap-4">
        <div>
          <h2 id="customer-messages" className="card-title text-lg">
            {t('events.history.title')}
          </h2>
          <p className="text-sm text-base-content/70">{t('events.history.hint')}</p>
        </div>
        {messages.isPending && <Spinner />}
        {messages.isError && <QueryError error={messages.error} onRetry={messages.refetch} />}
        {messages.isSuccess && items.length === 0 && <p>{t('events.history.empty')}</p>}
        {items.length > 0 && <EventMessagesList messages={items} show="kind" />}
      </div>
    </section>
  );
}
