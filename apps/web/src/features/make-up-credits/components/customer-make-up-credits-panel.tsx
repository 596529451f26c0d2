import type { MakeUpCredit } from '@reformer/domain/make-up-credit-schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { useFormatDate, useFormatLocalDate, useFormatTime } from '@/lib/format.ts';
import { customerMakeUpCreditsQueryOptions } from '@/lib/make-up-credits.ts';

type Props = { organizationId: string; customerId: string };

const STATE_BADGES = {
  AVAILABLE: 'badge-success',
  USED: 'badge-info',
  EXPIRED: 'badge-ghost',
} as const satisfies Record<MakeUpCredit['state'], string>;

/**
 * The customer details page's Make-up credits tab: how many were earned, are available, used and expired,
 * and each credit with the class cancelled, when it was earned, until when it is valid and the make-up class.
 */
export function CustomerMakeUpCreditsPanel({ organizationId, customerId }: Props) {
  const { t } = useTranslation();
  const credits = useQuery(customerMakeUpCreditsQueryOptions(organizationId, customerId));
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-make-up-credits">
      <div className="card-body gap-4">
        <h2 id="customer-make-up-credits" className="card-title text-lg">
          {t('makeUpCredits.customer.title')}
        </h2>
        {credits.isPending && <Spinner />}
        {credits.isError && <QueryError error={credits.error} onRetry={credits.refetch} />}
        {credits.isSuccess && (
          <>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {(['earned', 'available', 'used', 'expired'] as const).map((key) => (
                <div key={key} className="rounded-box border border-base-300 p-3">
                  <dt className="text-sm text-base-content/70">
                    {t(`makeUpCredits.customer.summary.${key}`)}
                  </dt>
                  <dd className="text-2xl font-semibold" data-testid={`make-up-credits-${key}`}>
                    {credits.data.summary[key]}
                  </dd>
                </div>
              ))}
            </dl>
            {credits.data.items.length === 0 ? (
              <p>{t('makeUpCredits.customer.empty')}</p>
            ) : (
              <CreditList credits={credits.data.items} />
            )}
          </>
        )}
      </div>
    </section>
  );
}

function useCreditText() {
  const { t } = useTranslation();
  const formatLocalDate = useFormatLocalDate();
  const formatDate = useFormatDate();
  const formatTime = useFormatTime();
  return {
    session: (session: NonNullable<MakeUpCredit['usedSession']>) =>
      t('makeUpCredits.customer.session', {
        schedule: session.scheduleName,
        date: formatLocalDate(session.date),
        time: formatTime(session.startTime),
      }),
    state: (state: MakeUpCredit['state']) => t(`makeUpCredits.customer.states.${state}`),
    localDate: formatLocalDate,
    instant: formatDate,
  };
}

function StateBadge({ state }: { state: MakeUpCredit['state'] }) {
  const text = useCreditText();
  return <span className={`badge badge-sm ${STATE_BADGES[state]}`}>{text.state(state)}</span>;
}

type Column = 'canceledClass' | 'earnedAt' | 'expiresOn' | 'state' | 'makeUpClass';

function CreditList({ credits }: { credits: MakeUpCredit[] }) {
  const { t } = useTranslation();
  const text = useCreditText();
  const column = (key: Column) => t(`makeUpCredits.customer.columns.${key}`);
  const usedFor = (credit: MakeUpCredit) =>
    credit.usedSession ? text.session(credit.usedSession) : t('makeUpCredits.customer.notUsed');
  return (
    <TableOrCards
      tableFrom="md"
      table={
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{column('canceledClass')}</th>
              <th scope="col">{column('earnedAt')}</th>
              <th scope="col">{column('expiresOn')}</th>
              <th scope="col">{column('state')}</th>
              <th scope="col">{column('makeUpClass')}</th>
            </tr>
          </thead>
          <tbody>
            {credits.map((credit) => (
              <tr key={credit.id}>
                <td>{text.session(credit.canceledSession)}</td>
                <td>{text.instant(credit.earnedAt)}</td>
                <td>{text.localDate(credit.expiresOn)}</td>
                <td>
                  <StateBadge state={credit.state} />
                </td>
                <td>{usedFor(credit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      cards={credits.map((credit) => (
        <li key={credit.id} className="card border border-base-300">
          <div className="card-body gap-1 p-4 text-sm">
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold">{text.session(credit.canceledSession)}</p>
              <StateBadge state={credit.state} />
            </div>
            <p>
              {column('earnedAt')}: {text.instant(credit.earnedAt)}
            </p>
            <p>
              {column('expiresOn')}: {text.localDate(credit.expiresOn)}
            </p>
            <p>
              {column('makeUpClass')}: {usedFor(credit)}
            </p>
          </div>
        </li>
      ))}
    />
  );
}
