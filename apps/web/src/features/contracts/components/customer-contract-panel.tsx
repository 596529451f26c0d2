import type { CustomerContract } from '@reformer/domain/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatInstant } from '@/lib/format.ts';
import { customerContractQueryOptions } from '../api/get-customer-contract.ts';

type Props = { organizationId: string; customerId: string; timeZone: string };

/**
 * The customer's page → Contract (decision 043): which versions they signed (each with its printable
 * evidence), whether the latest awaits their signature, and their consents now and over time.
 */
export function CustomerContractPanel({ organizationId, customerId, timeZone }: Props) {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(customerContractQueryOptions(organizationId, customerId));
  return (
    <div className="flex flex-col gap-4">
      <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-contract">
        <div className="card-body gap-3">
          <h2 id="customer-contract" className="card-title">
            {t('contracts.customer.title')}
          </h2>
          <LatestNote data={data} />
          <Signatures data={data} params={{ orgId: organizationId, customerId }} timeZone={timeZone} />
        </div>
      </section>
      <Consents data={data} timeZone={timeZone} />
    </div>
  );
}

function LatestNote({ data }: { data: CustomerContract }) {
  const { t } = useTranslation();
  if (data.latestVersionNumber === null) return <p>{t('contracts.customer.noVersion')}</p>;
  const hasSigned = data.signatures.some(
    (signature) => signature.versionNumber === data.latestVersionNumber && signature.withdrawal === null,
  );
  return (
    <p className={hasSigned ? '' : 'alert alert-warning'}>
      {t(hasSigned ? 'contracts.customer.signedLatest' : 'contracts.customer.awaiting', {
        number: data.latestVersionNumber,
      })}
    </p>
  );
}

function Signatures({
  data,
  params,
  timeZone,
}: {
  data: CustomerContract;
  params: { orgId: string; customerId: string };
  timeZone: string;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  if (data.signatures.length === 0) return <p>{t('contracts.customer.noSignatures')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {data.signatures.map((signature) => (
        <li
          key={signature.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3"
          data-testid="contract-signature"
        >
          <span>
            {t('contracts.customer.signature', {
              number: signature.versionNumber,
              date: formatInstant(signature.signedAt),
              name: signature.signerName,
            })}
            {signature.isGuardian && (
              <span className="badge badge-ghost ml-2">{t('contracts.guardian')}</span>
            )}
            {signature.withdrawal && (
              <span className="badge badge-warning ml-2">{t('contracts.customer.withdrawn')}</span>
            )}
          </span>
          <Link
            to="/app/org/$orgId/customers/$customerId/contract-evidence/$signatureId"
            params={{ ...params, signatureId: signature.id }}
            className="btn btn-sm"
          >
            {t('contracts.customer.evidence')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Consents({ data, timeZone }: { data: CustomerContract; timeZone: string }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const stateOf = (isGiven: boolean | null) =>
    t(
      isGiven === null
        ? 'contracts.consents.notAsked'
        : isGiven
          ? 'contracts.consents.given'
          : 'contracts.consents.refused',
    );
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="customer-consents">
      <div className="card-body gap-3">
        <h2 id="customer-consents" className="card-title">
          {t('contracts.consents.title')}
        </h2>
        <ul className="flex flex-col gap-1">
          {data.consents.map((consent) => (
            <li key={consent.kind} data-testid="consent-state">
              <span className="font-medium">{t(`contracts.consents.kinds.${consent.kind}`)}:</span>{' '}
              {stateOf(consent.isGiven)}
              {consent.changedAt && ` · ${formatInstant(consent.changedAt)}`}
            </li>
          ))}
        </ul>
        <h3 className="font-semibold">{t('contracts.consents.history')}</h3>
        {data.consentHistory.length === 0 ? (
          <p>{t('contracts.consents.noHistory')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {data.consentHistory.map((change) => (
              <li key={`${change.kind}-${change.at}`}>
                {formatInstant(change.at)} · {t(`contracts.consents.kinds.${change.kind}`)} ·{' '}
                {stateOf(change.isGiven)} · {change.ipAddress}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
