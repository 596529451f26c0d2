import { addDays } from '@reformer/domain/calendar-dates';
import { todayIso } from '@reformer/domain/customers';
import { TRIAL_CONVERSION_DAYS } from '@reformer/domain/studio-pages';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatLocalDate, useFormatTime } from '@/lib/format.ts';
import { trialSummaryQueryOptions } from '../api/studio-page-api.ts';

/** Trials of the last 30 days and of the next two weeks: those converting, and those about to happen. */
function trialPeriod() {
  const today = todayIso();
  return { from: addDays(today, -TRIAL_CONVERSION_DAYS), to: addDays(today, 14) };
}

/**
 * The dashboard's "trial classes booked" card (decision 045): counts, then who booked which class, each
 * leading to the customer's page, where staff enroll them.
 */
export function TrialBookingsCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('medium');
  const formatTime = useFormatTime();
  const summary = useQuery(trialSummaryQueryOptions(organizationId, trialPeriod()));
  return (
    <section aria-labelledby="trial-bookings" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <div>
          <h2 id="trial-bookings" className="card-title text-base">
            {t('studioPage.dashboard.title')}
          </h2>
          <p className="text-sm text-base-content/70">{t('studioPage.dashboard.description')}</p>
        </div>
        {summary.error && (
          <p role="alert" className="alert alert-error">
            {describeError(summary.error, 'errors.network')}
          </p>
        )}
        {summary.data && (
          <>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {(['booked', 'attended', 'converted'] as const).map((figure) => (
                <div key={figure}>
                  <dt className="text-sm text-base-content/70">{t(`studioPage.dashboard.${figure}`)}</dt>
                  <dd className="text-2xl font-semibold tabular-nums">{summary.data[figure]}</dd>
                </div>
              ))}
            </dl>
            {summary.data.recent.length === 0 ? (
              <p className="text-sm">{t('studioPage.dashboard.none')}</p>
            ) : (
              <ul className="divide-y divide-base-300">
                {summary.data.recent.map((trial) => (
                  <li key={`${trial.customerId}-${trial.sessionId}`} className="flex flex-col py-2">
                    <Link
                      to="/app/org/$orgId/customers/$customerId/details"
                      params={{ orgId: organizationId, customerId: trial.customerId }}
                      className="link font-medium"
                    >
                      {trial.customerName}
                    </Link>
                    <span className="text-sm">
                      {trial.sessionName} · {formatDate(trial.date)} {formatTime(trial.startTime)}
                      {trial.isConverted && (
                        <span className="badge badge-success badge-sm ms-2">
                          {t('studioPage.dashboard.convertedBadge')}
                        </span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
