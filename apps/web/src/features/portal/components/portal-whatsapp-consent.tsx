import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatDate } from '@/lib/format.ts';
import {
  portalWhatsAppConsentQueryOptions,
  useAnswerMarketing,
  useAnswerWhatsApp,
} from '../api/portal-whatsapp-consent-api.ts';

/**
 * "Messages" in the profile (decision 053): the customer says whether the studio may write to them on
 * WhatsApp (source PORTAL) and whether they want its marketing messages, birthdays included (decision 043).
 */
export function PortalWhatsAppConsent() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const consent = useQuery(portalWhatsAppConsentQueryOptions());
  const whatsapp = useAnswerWhatsApp();
  const marketing = useAnswerMarketing();
  // Neither switch takes another answer until the one being sent is recorded.
  const isBusy = whatsapp.isPending || marketing.isPending || consent.isFetching;
  const error = whatsapp.error ?? marketing.error ?? consent.error;
  return (
    <section aria-labelledby="portal-messages" className="flex flex-col gap-3">
      <h2 id="portal-messages" className="text-lg font-semibold">
        {t('portalProfile.messages.title')}
      </h2>
      {consent.isPending && <Spinner label={t('portal.loading')} />}
      {consent.data && (
        <>
          <AnswerSwitch
            label={t('portalProfile.messages.whatsapp')}
            recorded={consent.data.isOptedIn === true}
            isDisabled={isBusy}
            send={(answer, done) => whatsapp.mutate(answer, { onSettled: done })}
          />
          <AnswerSwitch
            label={t('portalProfile.messages.marketing')}
            recorded={consent.data.marketingConsent === true}
            isDisabled={isBusy}
            send={(answer, done) => marketing.mutate(answer, { onSettled: done })}
          />
          <p className="text-sm text-base-content/70" data-testid="portal-whatsapp-answer">
            {consent.data.changedAt
              ? t(
                  consent.data.isOptedIn
                    ? 'portalProfile.messages.optedIn'
                    : 'portalProfile.messages.optedOut',
                  {
                    date: formatDate(consent.data.changedAt),
                  },
                )
              : t('portalProfile.messages.notAnswered')}
          </p>
        </>
      )}
      {error && (
        <p role="alert" className="alert alert-error">
          {describeError(error, 'errors.network')}
        </p>
      )}
    </section>
  );
}

type AnswerSwitchProps = {
  label: string;
  recorded: boolean;
  isDisabled: boolean;
  send: (answer: boolean, done: () => void) => void;
};

/**
 * A switch that shows the answer being sent from the click itself until it is recorded (or refused): a
 * mutation's pending state reaches the page a moment after the click, and a switch that showed only it
 * flicked back to the recorded answer meanwhile (the browser suite caught it between the two).
 */
function AnswerSwitch({ label, recorded, isDisabled, send }: AnswerSwitchProps) {
  const [sending, setSending] = useState<boolean | null>(null);
  return (
    <label className="flex min-h-11 items-start gap-3">
      <input
        type="checkbox"
        className="toggle toggle-primary mt-1"
        checked={sending ?? recorded}
        disabled={isDisabled}
        onChange={(event) => {
          const answer = event.target.checked;
          setSending(answer);
          send(answer, () => setSending(null));
        }}
      />
      <span>{label}</span>
    </label>
  );
}
