import type { DashboardSessions } from '@reformer/domain/dashboard';
import { toPercent } from '@reformer/domain/dashboard';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate } from '@/lib/format.ts';
import { FigureCard } from './figure-card.tsx';
import { useFormatPercent } from './use-format-percent.ts';

/** Check-ins over the customers expected in the sessions of the last 30 days, today excluded. */
export function AttendanceCard({
  organizationId,
  attendance,
}: {
  organizationId: string;
  attendance: DashboardSessions['attendance'];
}) {
  const { t } = useTranslation();
  const formatPercent = useFormatPercent();
  const formatDate = useFormatLocalDate();
  const { period, rate } = attendance;
  return (
    <FigureCard
      id="dashboard-attendance"
      title={t('dashboard.attendance.title')}
      description={t('dashboard.attendance.description', {
        from: formatDate(period.from),
        to: formatDate(period.to),
      })}
      action={
        <Link
          to="/app/org/$orgId/attendance"
          params={{ orgId: organizationId }}
          search={{ view: 'month', date: period.to }}
          className="btn btn-sm btn-ghost"
        >
          {t('dashboard.attendance.link')}
        </Link>
      }
    >
      <div className="flex items-center gap-4">
        <div
          className="radial-progress shrink-0 border-4 border-base-200 bg-base-200 text-primary"
          style={{ '--value': rate === null ? 0 : toPercent(rate), '--size': '5rem' } as CSSProperties}
          role="img"
          aria-label={t('dashboard.attendance.rate', { rate: formatPercent(rate) })}
        >
          <span className="text-lg font-bold text-base-content">{formatPercent(rate)}</span>
        </div>
        <p className="text-sm">
          {t('dashboard.attendance.counts', {
            checkedIn: attendance.checkedIn,
            expected: attendance.expected,
          })}
        </p>
      </div>
    </FigureCard>
  );
}
