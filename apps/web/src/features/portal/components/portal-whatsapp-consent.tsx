import { useQuery } from '@tanstack/react-query';
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
  // The switch shows the answer being sent, and neither takes another until it is recorded.
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
          <label className="flex min-h-11 items-start gap-3">
            <input
              type="checkbox"
              className="toggle toggle-primary mt-1"
              checked={whatsapp.isPending ? whatsapp.variables : consent.data.isOptedIn === true}
              disabled={isBusy}
              onChange={(event) => whatsapp.mutate(event.target.checked)}
            />
            <span>{t('portalProfile.messages.whatsapp')}</span>
          </label>
          <label className="flex min-h-11 items-start gap-3">
            <input
              type="checkbox"
              className="toggle toggle-primary mt-1"
              checked={marketing.isPending ? marketing.variables : consent.data.marketingConsent === true}
              disabled={isBusy}
              onChange={(event) => marketing.mutate(event.target.checked)}
            />
            <span>{t('portalProfile.messages.marketing')}</span>
          </label>
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
