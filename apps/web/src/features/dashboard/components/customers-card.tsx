import type { DashboardCustomers } from '@reformer/domain/dashboard';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate } from '@/lib/format.ts';
import { FigureCard } from './figure-card.tsx';

/** Customers with the ACTIVE status. */
export function ActiveCustomersCard({ organizationId, active }: { organizationId: string; active: number }) {
  const { t } = useTranslation();
  return (
    <FigureCard
      id="dashboard-customers"
      title={t('dashboard.customers.title')}
      description={t('dashboard.customers.description')}
      action={
        <Link
          to="/app/org/$orgId/customers"
          params={{ orgId: organizationId }}
          className="btn btn-sm btn-ghost"
        >
          {t('dashboard.customers.link')}
        </Link>
      }
    >
      <p className="text-4xl font-bold tabular-nums" data-testid="active-customers">
        {active}
      </p>
    </FigureCard>
  );
}

/** Customers whose birthday falls today or in the 6 days after. */
export function BirthdaysCard({
  organizationId,
  birthdays,
}: {
  organizationId: string;
  birthdays: DashboardCustomers['birthdays'];
}) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('weekday');
  return (
    <FigureCard
      id="dashboard-birthdays"
      title={t('dashboard.birthdays.title')}
      description={t('dashboard.birthdays.description', { count: birthdays.items.length })}
      action={
        <Link to="/app/org/$orgId/events" params={{ orgId: organizationId }} className="btn btn-sm btn-ghost">
          {t('dashboard.birthdays.link')}
        </Link>
      }
    >
      {birthdays.items.length === 0 ? (
        <p className="text-base-content/70">{t('dashboard.birthdays.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300">
          {birthdays.items.map((birthday) => (
            <li key={birthday.customerId} className="flex items-center justify-between gap-2 py-1.5">
              <Link
                to="/app/org/$orgId/customers/$customerId/details"
                params={{ orgId: organizationId, customerId: birthday.customerId }}
                className="link link-hover"
              >
                {birthday.name}
              </Link>
              <span className="text-sm text-base-content/70">
                {t('dashboard.birthdays.turns', { date: formatDate(birthday.birthday), age: birthday.age })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </FigureCard>
  );
}
