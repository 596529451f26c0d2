import { offerDateTime, type WaitlistOffer } from '@reformer/domain/waitlist';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatLocalDate, useFormatTimeRange } from '@/lib/format.ts';
import { usePreferences } from '@/lib/preferences.tsx';
import { type OfferAnswer, useAnswerWaitlistOffer } from '../api/answer-waitlist-offer.ts';
import { waitlistOfferQueryOptions } from '../api/get-waitlist-offer.ts';

/**
 * `/waitlist-offers/{token}` (decision 024): the customer, not signed in, sees the seat held for them and
 * accepts or declines it. Phone first; the buttons are disabled while an answer is on its way, so a double
 * tap answers once (and the server answers a repeated accept as accepted).
 */
export function WaitlistOfferPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const offer = useQuery(waitlistOfferQueryOptions(token));
  const answer = useAnswerWaitlistOffer(token);
  return (
    <div className="flex justify-center px-4 py-8 sm:py-12">
      <section
        className="card w-full max-w-lg border border-base-300 bg-base-100 shadow-sm"
        aria-labelledby="waitlist-offer-title"
      >
        <div className="card-body gap-4">
          <h1 id="waitlist-offer-title" className="card-title text-2xl">
            {t('waitlist.offer.title')}
          </h1>
          {offer.isPending && <Spinner label={t('waitlist.offer.loading')} />}
          {offer.error && (
            <p role="alert" className="alert alert-error">
              {offer.error instanceof ApiError && offer.error.status === 404
                ? t('waitlist.offer.invalid')
                : describeError(offer.error, 'errors.network')}
            </p>
          )}
          {offer.data && (
            <OfferDetails
              offer={offer.data}
              pending={answer.isPending ? answer.variables : null}
              refusal={answer.error ? describeError(answer.error, 'errors.network') : null}
              onAnswer={(choice) => answer.mutate(choice)}
            />
          )}
        </div>
      </section>
    </div>
  );
}

type DetailsProps = {
  offer: WaitlistOffer;
  pending: OfferAnswer | null | undefined;
  refusal: string | null;
  onAnswer: (answer: OfferAnswer) => void;
};

function OfferDetails({ offer, pending, refusal, onAnswer }: DetailsProps) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate('weekday');
  const formatRange = useFormatTimeRange();
  const { language } = usePreferences();
  const isOpen = offer.state === 'OFFERED';
  const closedState = offer.state === 'OFFERED' ? null : offer.state;
  const isBusy = pending !== null && pending !== undefined;
  return (
    <>
      {isOpen && <p>{t('waitlist.offer.intro', { name: offer.customerFirstName })}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t('waitlist.offer.when')}</dt>
        <dd>
          {offer.sessionName} · {formatDate(offer.date)} · {formatRange(offer.startTime, offer.endTime)}
        </dd>
        <dt className="font-medium">{t('waitlist.offer.where')}</dt>
        <dd>
          {offer.establishmentName} ({offer.organizationName})
        </dd>
        {isOpen && offer.offerExpiresAt && (
          <>
            <dt className="font-medium">{t('waitlist.offer.until')}</dt>
            <dd>{offerDateTime(new Date(offer.offerExpiresAt), offer.timeZone, language)}</dd>
          </>
        )}
      </dl>
      {refusal && (
        <p role="alert" className="alert alert-warning">
          {refusal}
        </p>
      )}
      {closedState && (
        <p role="status" className={`alert ${closedState === 'ACCEPTED' ? 'alert-success' : 'alert-info'}`}>
          {t(`waitlist.offer.${closedState}`)}
        </p>
      )}
      {isOpen && (
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <button
            type="button"
            className="btn btn-primary btn-lg sm:flex-1"
            disabled={isBusy}
            onClick={() => onAnswer('accept')}
          >
            {pending === 'accept' ? t('waitlist.offer.accepting') : t('waitlist.offer.accept')}
          </button>
          <button
            type="button"
            className="btn btn-lg sm:flex-1"
            disabled={isBusy}
            onClick={() => onAnswer('decline')}
          >
            {pending === 'decline' ? t('waitlist.offer.declining') : t('waitlist.offer.decline')}
          </button>
        </div>
      )}
    </>
  );
}
