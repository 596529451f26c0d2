import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '@/lib/format.ts';
import { pixAutomaticoEndingsQueryOptions } from '../api/get-pix-automatico-endings.ts';

type Props = {
  organizationId: string;
  timeZone: string;
  /** One customer's (their page); the whole organization's when absent (the dashboard). */
  customerId?: string;
};

/**
 * The studio told that a customer's Pix Automático was ended on the payer's side — cancelled in their bank,
 * refused or expired — and not started again: each with the way to its enrollment, where it can be. Not
 * awaited by the page; nothing shows when there is nothing to tell.
 */
export function PixAutomaticoEndingsNotice({ organizationId, timeZone, customerId }: Props) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const { data } = useQuery(pixAutomaticoEndingsQueryOptions(organizationId, customerId));
  if (!data || data.items.length === 0) return null;
  return (
    <section
      role="alert"
      aria-labelledby="pix-automatico-endings"
      className="alert alert-warning flex flex-col items-stretch gap-2"
    >
      <h2 id="pix-automatico-endings" className="font-semibold">
        {t('pixAutomatico.endings.title', { count: data.items.length })}
      </h2>
      <ul className="flex flex-col gap-2">
        {data.items.map((item) => (
          <li key={item.recurrenceId} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-words">
              {t(`pixAutomatico.endings.${item.state}`, {
                name: item.customerName,
                plan: item.planName,
                date: formatInstant(item.endedAt),
              })}
            </span>
            <Link
              to="/app/org/$orgId/enrollments/$enrollmentId/details"
              params={{ orgId: organizationId, enrollmentId: item.enrollmentId }}
              className="btn btn-sm"
            >
              {t('pixAutomatico.endings.open')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
