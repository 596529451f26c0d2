import type { PortalBookableSession, PortalHome } from '@reformer/domain/portal';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatLocalDate, useFormatTimeRange } from '@/lib/format.ts';
import {
  bookableQueryOptions,
  hasSomethingToBookWith,
  useBookClass,
  useJoinWaitlist,
} from '../api/portal-api.ts';

/**
 * Classes of the next two weeks the customer may book with a credit or a pack's class, or wait for when
 * full. Shown only when they hold something to pay with (the server decides what each class takes).
 */
export function PortalBooking({ home }: { home: PortalHome }) {
  const { t } = useTranslation();
  const hasPayer = hasSomethingToBookWith(home);
  const bookable = useQuery({ ...bookableQueryOptions(), enabled: hasPayer });
  const book = useBookClass();
  const wait = useJoinWaitlist();
  if (!hasPayer) return null;
  const isBusy = book.isPending || wait.isPending;
  const error = book.error ?? wait.error;
  return (
    <section aria-labelledby="portal-booking" className="flex flex-col gap-2">
      <h2 id="portal-booking" className="text-lg font-semibold">
        {t('portal.book')}
      </h2>
      {error && (
        <p role="alert" className="alert alert-warning">
          {describeError(error, 'errors.network')}
        </p>
      )}
      {bookable.isPending && <Spinner label={t('portal.loading')} />}
      {bookable.data?.items.length === 0 && <p>{t('portal.nothingToBook')}</p>}
      <ul className="flex flex-col gap-2">
        {bookable.data?.items.map((item) => (
          <BookableItem
            key={item.sessionId}
            item={item}
            isBusy={isBusy}
            onBook={(payWith) => book.mutate({ sessionId: item.sessionId, payWith })}
            onWait={() => wait.mutate(item.sessionId)}
          />
        ))}
      </ul>
    </section>
  );
}

type ItemProps = {
  item: PortalBookableSession;
  isBusy: boolean;
  onBook: (payWith: 'CREDIT' | 'PACK') => void;
  onWait: () => void;
};

function BookableItem({ item, isBusy, onBook, onWait }: ItemProps) {
  const { t } = useTranslation();
  const formatDay = useFormatLocalDate('weekday');
  const formatRange = useFormatTimeRange();
  const date = formatDay(item.date);
  return (
    <li
      className="rounded-box border border-base-300 p-3"
      data-testid="portal-bookable"
      data-session-id={item.sessionId}
    >
      <p className="font-medium">
        {date} · {formatRange(item.startTime, item.endTime)}
      </p>
      <p>
        {item.sessionName} · {item.establishmentName}
      </p>
      <p className="text-sm">
        {item.canWait ? t('portal.full') : t('portal.freeSeats', { count: item.freeSeats })}
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        {item.payWith.map((payWith) => (
          <button
            key={payWith}
            type="button"
            className="btn btn-primary"
            disabled={isBusy}
            aria-label={t(`portal.bookWith.${payWith}Label`, { session: item.sessionName, date })}
            onClick={() => onBook(payWith)}
          >
            {t(`portal.bookWith.${payWith}`)}
          </button>
        ))}
        {item.canWait && (
          <button
            type="button"
            className="btn btn-outline"
            disabled={isBusy}
            aria-label={t('portal.joinWaitlistLabel', { session: item.sessionName, date })}
            onClick={onWait}
          >
            {t('portal.joinWaitlist')}
          </button>
        )}
      </div>
    </li>
  );
}
