import type { DashboardSession } from '@reformer/domain/dashboard';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format.ts';
import { FigureCard } from './figure-card.tsx';
import { OccupancyChart } from './occupancy-chart.tsx';
import { useFormatPercent } from './use-format-percent.ts';

/** Today's classes by start time: each bar is a session's seats taken over its capacity. */
export function TodaySessionsCard({
  organizationId,
  today,
  sessions,
}: {
  organizationId: string;
  today: string;
  sessions: DashboardSession[];
}) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const formatPercent = useFormatPercent();
  const label = (session: DashboardSession) => `${formatTime(session.startTime)} ${session.scheduleName}`;
  const seats = sessions.reduce((sum, session) => sum + session.seatsTaken, 0);
  return (
    <FigureCard
      id="dashboard-today"
      title={t('dashboard.today.title')}
      description={t('dashboard.today.description', { count: sessions.length, seats })}
      action={
        <Link
          to="/app/org/$orgId/attendance"
          params={{ orgId: organizationId }}
          search={{ view: 'table', date: today }}
          className="btn btn-sm btn-ghost"
        >
          {t('dashboard.today.link')}
        </Link>
      }
      className="lg:col-span-2"
    >
      {sessions.length === 0 ? (
        <p className="text-base-content/70">{t('dashboard.today.empty')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <OccupancyChart
            summary={t('dashboard.today.chart', {
              sessions: sessions
                .map((session) => `${label(session)}: ${formatPercent(session.occupancy)}`)
                .join('; '),
            })}
            bars={sessions.map((session) => ({
              key: session.id,
              label: label(session),
              occupancy: session.occupancy,
            }))}
          />
          <ul className="flex flex-col divide-y divide-base-300" aria-label={t('dashboard.today.listLabel')}>
            {sessions.map((session) => (
              <li key={session.id} className="flex items-center justify-between gap-2 py-2">
                <Link
                  to="/app/org/$orgId/attendance/session/$sessionId"
                  params={{ orgId: organizationId, sessionId: session.id }}
                  className="link link-hover"
                >
                  <span className="font-medium">
                    {formatTime(session.startTime)}–{formatTime(session.endTime)}
                  </span>{' '}
                  {session.scheduleName}
                  <span className="block text-xs text-base-content/60">{session.establishmentName}</span>
                </Link>
                <span className="text-right text-sm tabular-nums">
                  {t('dashboard.today.seats', { taken: session.seatsTaken, capacity: session.capacity })}
                  <span className="block text-xs text-base-content/60">
                    {t('dashboard.today.checkedIn', { count: session.checkedIn })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </FigureCard>
  );
}
