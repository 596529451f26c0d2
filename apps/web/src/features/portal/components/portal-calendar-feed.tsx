import type { CalendarFeedCreated } from '@reformer/domain/portal-calendar';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatDate } from '@/lib/format.ts';
import {
  calendarFeedQueryOptions,
  useReplaceCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/portal-profile-api.ts';

/** Google Calendar's "add by URL" page, which takes a webcal:// address. */
const googleCalendarUrl = (webcalUrl: string) =>
  `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl)}`;

/**
 * "Calendar" (decision 046): the customer makes their feed's address (shown once: only its hash is kept),
 * subscribes from Google Calendar or the iPhone, or copies it; makes a new one or stops it.
 */
export function PortalCalendarFeed() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const status = useQuery(calendarFeedQueryOptions());
  const replace = useReplaceCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [made, setMade] = useState<CalendarFeedCreated | null>(null);
  const isBusy = replace.isPending || revoke.isPending;
  const error = replace.error ?? revoke.error ?? status.error;
  const isActive = status.data?.isActive === true;
  return (
    <section aria-labelledby="portal-calendar" id="portal-calendar-section" className="flex flex-col gap-3">
      <h2 id="portal-calendar" className="text-lg font-semibold">
        {t('portalCalendar.title')}
      </h2>
      <p className="text-sm text-base-content/70">{t('portalCalendar.intro')}</p>
      {status.isPending && <Spinner label={t('portalCalendar.loading')} />}
      {status.data && !made && (
        <p data-testid="portal-calendar-status">
          {isActive && status.data.createdAt
            ? t('portalCalendar.active', { date: formatDate(status.data.createdAt) })
            : t('portalCalendar.none')}
        </p>
      )}
      {revoke.isSuccess && !isActive && (
        <p role="status" className="text-sm">
          {t('portalCalendar.revoked')}
        </p>
      )}
      {made && <MadeFeed feed={made} />}
      {error && (
        <p role="alert" className="alert alert-error">
          {describeError(error, 'errors.network')}
        </p>
      )}
      {status.data && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary"
            disabled={isBusy}
            onClick={() => replace.mutate(undefined, { onSuccess: setMade })}
          >
            {isActive ? t('portalCalendar.replace') : t('portalCalendar.create')}
          </button>
          {isActive && (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={isBusy}
              onClick={() => revoke.mutate(undefined, { onSuccess: () => setMade(null) })}
            >
              {t('portalCalendar.revoke')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function MadeFeed({ feed }: { feed: CalendarFeedCreated }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<'IDLE' | 'COPIED' | 'FAILED'>('IDLE');
  const copyUrl = () =>
    navigator.clipboard.writeText(feed.url).then(
      () => setCopy('COPIED'),
      () => setCopy('FAILED'),
    );
  return (
    <div className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <label className="fieldset-label" htmlFor="portal-calendar-url">
        {t('portalCalendar.urlLabel')}
      </label>
      <input
        id="portal-calendar-url"
        className="input w-full font-mono text-xs"
        readOnly
        value={feed.url}
        onFocus={(event) => event.target.select()}
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={copyUrl}>
          {t('portalCalendar.copy')}
        </button>
        <a
          className="btn btn-sm btn-outline"
          href={googleCalendarUrl(feed.webcalUrl)}
          target="_blank"
          rel="noreferrer"
        >
          {t('portalCalendar.google')}
        </a>
        <a className="btn btn-sm btn-outline" href={feed.webcalUrl}>
          {t('portalCalendar.iphone')}
        </a>
      </div>
      {copy !== 'IDLE' && (
        <p role="status" className="text-sm">
          {copy === 'COPIED' ? t('portalCalendar.copied') : t('portalCalendar.copyFailed')}
        </p>
      )}
    </div>
  );
}
