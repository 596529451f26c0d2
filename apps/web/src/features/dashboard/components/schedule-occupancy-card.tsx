import type { DashboardSessions } from '@reformer/domain/dashboard';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate } from '@/lib/format.ts';
import { FigureCard } from './figure-card.tsx';
import { OccupancyChart } from './occupancy-chart.tsx';
import { useFormatPercent } from './use-format-percent.ts';

/** Per schedule, seats taken over seats offered in its sessions of the last 30 days. */
export function ScheduleOccupancyCard({
  organizationId,
  occupancy,
}: {
  organizationId: string;
  occupancy: DashboardSessions['occupancyBySchedule'];
}) {
  const { t } = useTranslation();
  const formatPercent = useFormatPercent();
  const formatDate = useFormatLocalDate();
  const { period, items } = occupancy;
  return (
    <FigureCard
      id="dashboard-occupancy"
      title={t('dashboard.occupancy.title')}
      description={t('dashboard.occupancy.description', {
        from: formatDate(period.from),
        to: formatDate(period.to),
      })}
      className="lg:col-span-2"
    >
      {items.length === 0 ? (
        <p className="text-base-content/70">{t('dashboard.occupancy.empty')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <OccupancyChart
            summary={t('dashboard.occupancy.chart', {
              schedules: items
                .map((row) => `${row.scheduleName}: ${formatPercent(row.occupancy)}`)
                .join('; '),
            })}
            bars={items.map((row) => ({
              key: row.scheduleId,
              label: row.scheduleName,
              occupancy: row.occupancy,
            }))}
          />
          <table className="table table-sm">
            <caption className="sr-only">{t('dashboard.occupancy.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.occupancy.schedule')}</th>
                <th scope="col" className="text-right">
                  {t('dashboard.occupancy.seats')}
                </th>
                <th scope="col" className="text-right">
                  {t('dashboard.occupancy.rate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <tr key={row.scheduleId}>
                  <th scope="row" className="font-normal">
                    <Link
                      to="/app/org/$orgId/attendance"
                      params={{ orgId: organizationId }}
                      search={{ view: 'month', date: period.to, scheduleId: row.scheduleId }}
                      className="link link-hover"
                    >
                      {row.scheduleName}
                    </Link>
                  </th>
                  <td className="text-right tabular-nums">
                    {row.seatsTaken}/{row.seats}
                  </td>
                  <td className="text-right tabular-nums">{formatPercent(row.occupancy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </FigureCard>
  );
}
