import type { MyClassPlace } from '@reformer/domain/class-links';
import type { PortalCancellation, PortalHome } from '@reformer/domain/portal';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatLocalDate, useFormatTime, useFormatTimeRange } from '@/lib/format.ts';
import { useCancelPlace } from '../api/portal-api.ts';
import { useCreditReasonText } from './credit-reason-text.ts';

/**
 * The customer's places of the next 30 days (decision 025, now in the portal): the confirm step says
 * beforehand whether a make-up credit would be earned and why not; the result says what was earned. A tap
 * while a cancellation is on its way is ignored, so a double tap cancels once.
 */
export function PortalClasses({ classes }: { classes: PortalHome }) {
  const { t } = useTranslation();
  const cancel = useCancelPlace();
  const [confirming, setConfirming] = useState<string | null>(null);
  const isSending = useRef(false);
  const confirm = (sessionId: string) => {
    if (isSending.current) return;
    isSending.current = true;
    cancel.mutate(sessionId, {
      onSettled: () => {
        isSending.current = false;
        setConfirming(null);
      },
    });
  };
  return (
    <>
      {cancel.data && <CancellationResult result={cancel.data as PortalCancellation} />}
      {cancel.error && (
        <p role="alert" className="alert alert-warning">
          {describeError(cancel.error, 'errors.network')}
        </p>
      )}
      {classes.places.length === 0 ? (
        <p>{t('myClasses.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {classes.places.map((place) => (
            <PlaceItem
              key={place.sessionId}
              place={place}
              isConfirming={confirming === place.sessionId}
              isBusy={cancel.isPending}
              onAsk={() => setConfirming(place.sessionId)}
              onKeep={() => setConfirming(null)}
              onConfirm={() => confirm(place.sessionId)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function CancellationResult({ result }: { result: PortalCancellation }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const reasonText = useCreditReasonText();
  const credit = result.makeUpCredit;
  const text = !credit
    ? t('myClasses.alreadyCanceled')
    : credit.outcome === 'EARNED'
      ? t('myClasses.earned', { date: formatDate(credit.expiresOn) })
      : credit.outcome === 'NOT_EARNED'
        ? t('myClasses.notEarned', { reason: reasonText(credit) })
        : t('myClasses.alreadyCanceled');
  return (
    <p role="status" className={`alert ${credit?.outcome === 'EARNED' ? 'alert-success' : 'alert-info'}`}>
      {text}
    </p>
  );
}

type PlaceProps = {
  place: MyClassPlace;
  isConfirming: boolean;
  isBusy: boolean;
  onAsk: () => void;
  onKeep: () => void;
  onConfirm: () => void;
};

function PlaceItem({ place, isConfirming, isBusy, onAsk, onKeep, onConfirm }: PlaceProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('weekday');
  const formatExpiry = useFormatLocalDate();
  const formatRange = useFormatTimeRange();
  const formatTime = useFormatTime();
  const isCanceled = place.status === 'CANCELED';
  const date = formatDate(place.date);
  return (
    <li
      className="rounded-box border border-base-300 p-3"
      data-testid="my-class"
      data-session-id={place.sessionId}
    >
      <p className="font-medium">
        {date} · {formatRange(place.startTime, place.endTime)}
      </p>
      <p>
        {place.sessionName} · {t('myClasses.where', { establishment: place.establishmentName })}
      </p>
      {place.movedFrom && (
        <p className="text-sm font-medium" data-testid="my-class-moved">
          {t('myClasses.movedFrom', {
            date: formatDate(place.movedFrom.date),
            time: formatTime(place.movedFrom.startTime),
          })}
        </p>
      )}
      {isCanceled && (
        <p className="badge badge-ghost mt-2 h-auto">
          {place.earnedCredit
            ? t('myClasses.canceledWithCredit', { date: formatExpiry(place.earnedCredit.expiresOn) })
            : t('myClasses.canceled')}
        </p>
      )}
      {!isCanceled && !isConfirming && (
        <button
          type="button"
          className="btn btn-outline btn-error mt-3 w-full sm:w-auto"
          disabled={isBusy}
          aria-label={t('myClasses.cancelLabel', { session: place.sessionName, date })}
          onClick={onAsk}
        >
          {t('myClasses.cancel')}
        </button>
      )}
      {!isCanceled && isConfirming && (
        <ConfirmStep place={place} isBusy={isBusy} onKeep={onKeep} onConfirm={onConfirm} />
      )}
    </li>
  );
}

type ConfirmProps = { place: MyClassPlace; isBusy: boolean; onKeep: () => void; onConfirm: () => void };

function ConfirmStep({ place, isBusy, onKeep, onConfirm }: ConfirmProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const reasonText = useCreditReasonText();
  const preview = place.creditIfCanceled;
  return (
    <fieldset className="mt-3 flex flex-col gap-2">
      <legend className="font-medium">{t('myClasses.confirmTitle')}</legend>
      {preview && (
        <p className={`alert ${preview.outcome === 'EARNED' ? 'alert-success' : 'alert-warning'}`}>
          {preview.outcome === 'EARNED'
            ? t('myClasses.willEarn', { date: formatDate(preview.expiresOn) })
            : t('myClasses.willNotEarn', { reason: reasonText(preview) })}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <button
          type="button"
          className="btn btn-error btn-lg sm:flex-1"
          disabled={isBusy}
          onClick={onConfirm}
        >
          {isBusy ? t('myClasses.cancelling') : t('myClasses.confirm')}
        </button>
        <button type="button" className="btn btn-lg sm:flex-1" disabled={isBusy} onClick={onKeep}>
          {t('myClasses.keep')}
        </button>
      </div>
    </fieldset>
  );
}
