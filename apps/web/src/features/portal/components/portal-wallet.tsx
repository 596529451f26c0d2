import type { PortalHome } from '@reformer/domain/portal';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatLocalDate, useFormatTimeRange } from '@/lib/format.ts';
import { useAcceptOffer } from '../api/portal-api.ts';

/** The customer's make-up credits and pack balances with their last day, and their waitlist places. */
export function PortalWallet({ home }: { home: PortalHome }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatDay = useFormatLocalDate('weekday');
  const formatRange = useFormatTimeRange();
  const accept = useAcceptOffer();
  return (
    <section aria-labelledby="portal-wallet" className="flex flex-col gap-2">
      <h2 id="portal-wallet" className="text-lg font-semibold">
        {t('portal.wallet')}
      </h2>
      {home.credits.length === 0 && home.packs.length === 0 && <p>{t('portal.noCredits')}</p>}
      <ul className="flex flex-col gap-2">
        {home.credits.map((credit) => (
          <li key={credit.id} className="rounded-box border border-base-300 p-3" data-testid="portal-credit">
            {t('portal.credit', {
              date: formatDate(credit.expiresOn),
              establishment: credit.establishmentName,
            })}
          </li>
        ))}
        {home.packs.map((pack) => (
          <li key={pack.id} className="rounded-box border border-base-300 p-3">
            {t('portal.pack', {
              plan: pack.planName,
              left: pack.classesLeft,
              total: pack.classesTotal,
              date: formatDate(pack.expiresOn),
            })}
          </li>
        ))}
      </ul>
      {home.waitlist.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('portal.waiting')}>
          {home.waitlist.map((entry) => (
            <li
              key={entry.entryId}
              className="rounded-box border border-base-300 p-3"
              data-testid="portal-waiting"
            >
              <p className="font-medium">
                {formatDay(entry.date)} · {formatRange(entry.startTime, entry.endTime)} · {entry.sessionName}
              </p>
              {entry.state === 'WAITING' ? (
                <p>{t('portal.inLine')}</p>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary mt-2"
                  disabled={accept.isPending}
                  onClick={() => accept.mutate(entry.entryId)}
                >
                  {t('portal.acceptOffer')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {accept.error && (
        <p role="alert" className="alert alert-warning">
          {describeError(accept.error, 'errors.network')}
        </p>
      )}
    </section>
  );
}
