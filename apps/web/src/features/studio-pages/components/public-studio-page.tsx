import type { PublicStudioPage as Page } from '@reformer/domain/studio-pages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNotFound } from '@/components/errors/error-screen.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatLocalDate, useFormatMoney, useFormatTimeRange } from '@/lib/format.ts';
import { brandStyle } from '@/lib/studio-brand.ts';
import { publicStudioQueryOptions } from '../api/studio-page-api.ts';
import { StudioHeader } from './studio-header.tsx';
import { TrialBookingForm } from './trial-booking-form.tsx';

/** `/{slug}` (decision 045): the studio's own page, in its name and colour, phone first. */
export function PublicStudioPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const page = useQuery(publicStudioQueryOptions(slug));
  if (page.isPending) return <Spinner label={t('studioPage.loading')} />;
  if (page.error) {
    if (page.error instanceof ApiError && page.error.status === 404) return <PageNotFound />;
    return (
      <p role="alert" className="alert alert-error m-4">
        {describeError(page.error, 'errors.network')}
      </p>
    );
  }
  const studio = page.data;
  return (
    <div className="flex justify-center px-4 py-6 sm:py-10" style={brandStyle(studio.accentColor)}>
      <main className="flex w-full max-w-2xl flex-col gap-6">
        <header>
          <StudioHeader branding={studio} />
        </header>
        <Establishments studio={studio} />
        <WeekClasses studio={studio} />
        <Plans studio={studio} />
      </main>
    </div>
  );
}

function Establishments({ studio }: { studio: Page }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="studio-places" className="flex flex-col gap-2">
      <h2 id="studio-places" className="text-lg font-semibold">
        {t('studioPage.places')}
      </h2>
      <ul className="flex flex-col gap-1">
        {studio.establishments.map((place) => (
          <li key={place.id}>
            <span className="font-medium">{place.name}</span>
            {place.address && <span className="text-base-content/70"> — {place.address}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function WeekClasses({ studio }: { studio: Page }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('full');
  const formatTimes = useFormatTimeRange();
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(null);
  return (
    <section aria-labelledby="studio-classes" className="flex flex-col gap-3">
      <h2 id="studio-classes" className="text-lg font-semibold">
        {t('studioPage.classes')}
      </h2>
      {studio.sessions.length === 0 && <p>{t('studioPage.noClasses')}</p>}
      <ul className="flex flex-col gap-2">
        {studio.sessions.map((session) => {
          const label = `${session.name}, ${formatDate(session.date)}, ${formatTimes(session.startTime, session.endTime)}`;
          return (
            <li key={session.id} className="card card-border bg-base-100">
              <div className="card-body flex-row flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="font-medium">{session.name}</p>
                  <p className="text-sm">
                    {formatDate(session.date)} · {formatTimes(session.startTime, session.endTime)}
                  </p>
                  <p className="text-sm text-base-content/70">
                    {session.establishmentName} ·{' '}
                    {session.freeSeats > 0
                      ? t('studioPage.freeSeats', { count: session.freeSeats })
                      : t('studioPage.full')}
                  </p>
                </div>
                {session.freeSeats > 0 && (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    aria-label={`${t('studioPage.bookTrial')}: ${label}`}
                    onClick={() => setChosen({ id: session.id, label })}
                  >
                    {t('studioPage.bookTrial')}
                  </button>
                )}
              </div>
              {chosen?.id === session.id && (
                <div className="border-base-300 border-t p-3">
                  <TrialBookingForm slug={studio.slug} session={chosen} onDone={() => setChosen(null)} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Plans({ studio }: { studio: Page }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  if (studio.plans.length === 0) return null;
  return (
    <section aria-labelledby="studio-plans" className="flex flex-col gap-2">
      <h2 id="studio-plans" className="text-lg font-semibold">
        {t('studioPage.plans')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2">
        {studio.plans.map((plan) => (
          <li key={plan.id} className="card card-border bg-base-100 p-3">
            <p className="font-medium">{plan.name}</p>
            <p className="text-sm text-base-content/70">{plan.description}</p>
            <p className="font-semibold">{formatMoney(plan.priceCents, plan.currency)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
