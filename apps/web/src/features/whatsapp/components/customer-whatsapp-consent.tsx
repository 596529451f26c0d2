import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '@/lib/format.ts';
import { whatsappConsentQueryOptions } from '../api/get-whatsapp-consent.ts';
import { useSaveWhatsAppConsent } from '../api/save-whatsapp-consent.ts';

type Props = { organizationId: string; customerId: string; timeZone: string; canManage: boolean };

/**
 * The customer's WhatsApp opt-in with its source and time, and their marketing consent (decision 043, given in
 * the portal). Staff with MANAGE_CUSTOMERS record what the customer told them.
 */
export function CustomerWhatsAppConsent({ organizationId, customerId, timeZone, canManage }: Props) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const { data: consent } = useQuery(whatsappConsentQueryOptions(organizationId, customerId));
  const save = useSaveWhatsAppConsent(organizationId, customerId);
  if (!consent) return null;
  const state = consent.isOptedIn === null ? 'never' : consent.isOptedIn ? 'optedIn' : 'optedOut';
  const marketing =
    consent.marketingConsent === null
      ? 'marketingNever'
      : consent.marketingConsent
        ? 'marketingGiven'
        : 'marketingRefused';
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-whatsapp-consent">
      <div className="card-body gap-2">
        <h2 id="customer-whatsapp-consent" className="card-title text-base">
          {t('whatsapp.consent.title')}
        </h2>
        <p>
          <span
            className={`badge ${state === 'optedIn' ? 'badge-success' : state === 'optedOut' ? 'badge-error' : 'badge-ghost'}`}
          >
            {t(`whatsapp.consent.${state}`)}
          </span>
          {consent.source && consent.changedAt && (
            <span className="ml-2 text-sm text-base-content/70">
              {t('whatsapp.consent.since', {
                source: t(`whatsapp.consent.sources.${consent.source}`),
                date: formatInstant(consent.changedAt),
              })}
            </span>
          )}
        </p>
        <p className="text-sm">
          {t('whatsapp.consent.marketing')}: {t(`whatsapp.consent.${marketing}`)}
        </p>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={save.isPending || consent.isOptedIn === true}
              onClick={() => save.mutateAsync({ isOptedIn: true }).catch(() => undefined)}
            >
              {t('whatsapp.consent.optIn')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={save.isPending || consent.isOptedIn === false}
              onClick={() => save.mutateAsync({ isOptedIn: false }).catch(() => undefined)}
            >
              {t('whatsapp.consent.optOut')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
