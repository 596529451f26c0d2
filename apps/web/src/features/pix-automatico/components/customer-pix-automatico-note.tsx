import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PixAutomaticoEndingsNotice } from './pix-automatico-endings-notice.tsx';

type Props = { organizationId: string; customerId: string; timeZone: string };

/**
 * Pix Automático on the customer's billing: the ends on the payer's side the studio must hear of, and where
 * it is started — each enrollment's page, as a recurrence belongs to one enrollment's plan and cycle.
 */
export function CustomerPixAutomaticoNote({ organizationId, customerId, timeZone }: Props) {
  const { t } = useTranslation();
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-pix-automatico">
      <div className="card-body gap-3">
        <h2 id="customer-pix-automatico" className="card-title text-lg">
          {t('pixAutomatico.title')}
        </h2>
        <PixAutomaticoEndingsNotice
          organizationId={organizationId}
          timeZone={timeZone}
          customerId={customerId}
        />
        <p className="text-sm">
          {t('pixAutomatico.customerHint')}{' '}
          <Link
            to="/app/org/$orgId/customers/$customerId/details"
            params={{ orgId: organizationId, customerId }}
            search={{ tab: 'enrollments' }}
            className="link"
          >
            {t('pixAutomatico.openEnrollments')}
          </Link>
        </p>
      </div>
    </section>
  );
}
