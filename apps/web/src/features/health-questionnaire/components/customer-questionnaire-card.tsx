import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useFormatInstant } from '@/lib/format.ts';
import { customerQuestionnaireStatusQueryOptions } from '../api/get-customer-questionnaire-status.ts';

type Props = { organizationId: string; customerId: string; timeZone: string };

/**
 * On the customer's page (decision 044): whether their health questionnaire from the portal is pending or
 * received, and when they consented. Never an answer: those are a draft medical record, for who may see one.
 */
export function CustomerQuestionnaireCard({ organizationId, customerId, timeZone }: Props) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const status = useQuery(customerQuestionnaireStatusQueryOptions(organizationId, customerId));
  return (
    <section
      className="card border border-base-300 bg-base-100"
      aria-labelledby="customer-health-questionnaire"
    >
      <div className="card-body gap-2">
        <h2 id="customer-health-questionnaire" className="card-title text-lg">
          {t('healthQuestionnaire.customer.title')}
        </h2>
        {status.isPending && <Spinner />}
        {status.isError && <QueryError error={status.error} onRetry={status.refetch} />}
        {status.isSuccess && (
          <p data-testid="health-questionnaire-status">
            {status.data.status === 'RECEIVED' && status.data.receivedAt
              ? t('healthQuestionnaire.customer.RECEIVED', { date: formatInstant(status.data.receivedAt) })
              : t(`healthQuestionnaire.customer.${status.data.status}`)}
          </p>
        )}
        {status.isSuccess && status.data.consentedAt && (
          <p className="text-sm text-base-content/70">
            {t('healthQuestionnaire.customer.consented', { date: formatInstant(status.data.consentedAt) })}
          </p>
        )}
      </div>
    </section>
  );
}
