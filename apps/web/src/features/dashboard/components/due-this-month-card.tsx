import type { CurrencyDueReceived, DashboardPayments } from '@reformer/domain/dashboard';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/lib/format.ts';
import { CyclePaymentsLink } from './cycle-payments-link.tsx';
import { FigureCard } from './figure-card.tsx';
import { useFormatPercent } from './use-format-percent.ts';

/** The cycles due this month (the whole month) against what was received for them, per currency. */
export function DueThisMonthCard({
  organizationId,
  due,
}: {
  organizationId: string;
  due: DashboardPayments['dueThisMonth'];
}) {
  const { t } = useTranslation();
  return (
    <FigureCard
      id="dashboard-due"
      title={t('dashboard.due.title')}
      description={t('dashboard.due.description')}
      action={
        <CyclePaymentsLink organizationId={organizationId} period={due.period}>
          {t('dashboard.due.link')}
        </CyclePaymentsLink>
      }
    >
      {due.items.length === 0 ? (
        <p className="text-base-content/70">{t('dashboard.due.empty')}</p>
      ) : (
        due.items.map((row) => <CurrencyDue key={row.currency} row={row} />)
      )}
    </FigureCard>
  );
}

function CurrencyDue({ row }: { row: CurrencyDueReceived }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatPercent = useFormatPercent();
  const expected = formatMoney(row.expectedCents, row.currency);
  const received = formatMoney(row.receivedCents, row.currency);
  const rate = row.expectedCents > 0 ? row.receivedCents / row.expectedCents : null;
  return (
    <div className="flex flex-col gap-1">
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-base-content/70">{t('dashboard.due.received')}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid={`due-received-${row.currency}`}>
            {received}
          </dd>
        </div>
        <div>
          <dt className="text-base-content/70">{t('dashboard.due.expected', { count: row.cycles })}</dt>
          <dd className="text-2xl tabular-nums" data-testid={`due-expected-${row.currency}`}>
            {expected}
          </dd>
        </div>
      </dl>
      <progress
        className="progress progress-success w-full"
        value={Math.min(row.receivedCents, row.expectedCents)}
        max={Math.max(row.expectedCents, 1)}
        aria-label={t('dashboard.due.progress', { received, expected, rate: formatPercent(rate) })}
      />
    </div>
  );
}
