import type { ContractSignature } from '@reformer/domain/contracts';
import { formatCpf } from '@reformer/domain/cpf';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFormatInstant, useFormatLocalDate, useFormatMoney } from '@/lib/format.ts';
import { customerContractQueryOptions } from '../api/get-customer-contract.ts';

type Props = {
  organizationId: string;
  organizationName: string;
  customerId: string;
  customerName: string;
  signatureId: string;
  timeZone: string;
};

/**
 * One signature's evidence, laid out to print (decision 043): who signed which text, when, from where, and
 * the text's SHA-256 — anyone can hash the text printed below and compare.
 */
export function ContractEvidence(props: Props) {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(customerContractQueryOptions(props.organizationId, props.customerId));
  const signature = data.signatures.find((row) => row.id === props.signatureId);
  const params = { orgId: props.organizationId, customerId: props.customerId };
  return (
    <article
      className="mx-auto flex max-w-3xl flex-col gap-4 print:max-w-none"
      aria-labelledby="evidence-title"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link
          to="/app/org/$orgId/customers/$customerId/details"
          params={params}
          search={{ tab: 'contract' }}
          className="link text-sm"
        >
          {t('contracts.evidence.back')}
        </Link>
        {signature && (
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            {t('contracts.evidence.print')}
          </button>
        )}
      </div>
      <h1 id="evidence-title" className="text-2xl font-bold">
        {t('contracts.evidence.title', { organization: props.organizationName })}
      </h1>
      {signature ? (
        <EvidenceBody signature={signature} customerName={props.customerName} timeZone={props.timeZone} />
      ) : (
        <p role="alert" className="alert alert-warning">
          {t('contracts.evidence.notFound')}
        </p>
      )}
    </article>
  );
}

function EvidenceBody({
  signature,
  customerName,
  timeZone,
}: {
  signature: ContractSignature;
  customerName: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  const rows: [string, string][] = [
    [t('contracts.evidence.customer'), customerName],
    [
      t(signature.isGuardian ? 'contracts.evidence.guardian' : 'contracts.evidence.signer'),
      signature.signerName,
    ],
    [t('contracts.evidence.cpf'), formatCpf(signature.signerCpf)],
    [t('contracts.evidence.version'), String(signature.versionNumber)],
    [t('contracts.evidence.signedAt'), `${formatInstant(signature.signedAt)} (${timeZone})`],
    [t('contracts.evidence.ipAddress'), signature.ipAddress],
    [t('contracts.evidence.userAgent'), signature.userAgent],
    [t('contracts.evidence.sha256'), signature.textSha256],
    [t('contracts.evidence.deadline'), formatDate(signature.withdrawalDeadline)],
  ];
  if (signature.withdrawal)
    rows.push([
      t('contracts.evidence.withdrawnAt'),
      t('contracts.evidence.withdrawal', {
        date: formatInstant(signature.withdrawal.withdrawnAt),
        amount: formatMoney(signature.withdrawal.refundedCents, 'BRL'),
        psp: signature.withdrawal.pspRefundsRequested,
      }),
    ]);
  return (
    <>
      <dl
        className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]"
        data-testid="contract-evidence"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">{t('contracts.evidence.checkbox')}</p>
      <section aria-labelledby="evidence-text">
        <h2 id="evidence-text" className="text-lg font-semibold">
          {t('contracts.evidence.text')}
        </h2>
        <pre className="whitespace-pre-wrap rounded-box border border-base-300 p-3 font-sans text-sm">
          {signature.versionText}
        </pre>
      </section>
    </>
  );
}
