import { type PortalContract, SignContractInput, type SignContractValues } from '@reformer/domain/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { describeError } from '@/lib/error-messages.ts';
import { useFormatDate, useFormatLocalDate } from '@/lib/format.ts';
import { domainResolver } from '@/lib/forms.ts';
import {
  portalContractQueryOptions,
  useSetConsent,
  useSignContract,
  useWithdrawContract,
} from '../api/portal-contract-api.ts';

/**
 * The portal's contract section (decision 043): the studio's latest terms to read and sign (a guardian signs
 * for a minor), the 7-day withdrawal right with its deadline, and the LGPD consents, revocable at any time.
 */
export function PortalContractSection() {
  const { t } = useTranslation();
  const contract = useQuery(portalContractQueryOptions());
  return (
    <section id="portal-contract" aria-labelledby="portal-contract-title" className="flex flex-col gap-3">
      <h2 id="portal-contract-title" className="text-lg font-semibold">
        {t('contracts.portal.title')}
      </h2>
      {contract.isPending && <Spinner label={t('portal.loading')} />}
      {contract.error && (
        <p role="alert" className="alert alert-error">
          {describeError(contract.error, 'errors.network')}
        </p>
      )}
      {contract.data && (
        <>
          <Terms contract={contract.data} />
          <Consents contract={contract.data} />
        </>
      )}
    </section>
  );
}

function Terms({ contract }: { contract: PortalContract }) {
  const { t } = useTranslation();
  if (!contract.version) return <p>{t('contracts.portal.noTerms')}</p>;
  return (
    <>
      {contract.needsSignature && (
        <p role="status" className="alert alert-info">
          {t(contract.signature ? 'contracts.portal.newTerms' : 'contracts.portal.toSign', {
            number: contract.version.number,
          })}
        </p>
      )}
      <article
        className="max-h-72 overflow-y-auto whitespace-pre-wrap rounded-box border border-base-300 p-3 text-sm"
        aria-label={t('contracts.portal.termsLabel', { number: contract.version.number })}
      >
        {contract.version.text}
      </article>
      {contract.needsSignature ? (
        <SignForm key={contract.version.id} versionId={contract.version.id} isMinor={contract.isMinor} />
      ) : (
        contract.signature && <Signed signature={contract.signature} />
      )}
    </>
  );
}

function SignForm({ versionId, isMinor }: { versionId: string; isMinor: boolean }) {
  const { t } = useTranslation();
  const sign = useSignContract();
  const { register, handleSubmit, formState } = useForm<SignContractValues, unknown, SignContractValues>({
    resolver: domainResolver(SignContractInput),
    defaultValues: { versionId },
  });
  const submit = handleSubmit((values) => sign.mutate(values));
  const [nameField, cpfField] = isMinor
    ? (['guardianName', 'guardianCpf'] as const)
    : (['fullName', 'cpf'] as const);
  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={submit}
      aria-label={t('contracts.portal.sign')}
    >
      {isMinor && <p className="alert alert-warning">{t('contracts.portal.minor')}</p>}
      <TextField
        label={t(isMinor ? 'contracts.portal.guardianName' : 'contracts.portal.fullName')}
        autoComplete="name"
        isRequired
        error={formState.errors[nameField]}
        {...register(nameField)}
      />
      <TextField
        label={t(isMinor ? 'contracts.portal.guardianCpf' : 'contracts.portal.cpf')}
        inputMode="numeric"
        placeholder="000.000.000-00"
        isRequired
        error={formState.errors[cpfField]}
        {...register(cpfField)}
      />
      <label className="flex items-start gap-2">
        <input type="checkbox" className="checkbox mt-0.5" {...register('accepted')} />
        <span>{t('contracts.portal.accept')}</span>
      </label>
      {formState.errors.accepted && (
        <p className="text-sm text-error">{t('contracts.portal.acceptRequired')}</p>
      )}
      {sign.error && (
        <p role="alert" className="alert alert-error">
          {describeError(sign.error, 'contracts.portal.signFailed')}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={sign.isPending}>
        {t('contracts.portal.sign')}
      </button>
    </form>
  );
}

function Signed({ signature }: { signature: NonNullable<PortalContract['signature']> }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatDay = useFormatLocalDate();
  const withdraw = useWithdrawContract();
  const [isConfirming, setConfirming] = useState(false);
  if (signature.withdrawnAt)
    return <p>{t('contracts.portal.withdrawn', { date: formatDate(signature.withdrawnAt) })}</p>;
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="alert alert-success">
        {t('contracts.portal.signed', {
          number: signature.versionNumber,
          date: formatDate(signature.signedAt),
        })}
      </p>
      {signature.canWithdraw && (
        <>
          <p>{t('contracts.portal.withdrawalRight', { date: formatDay(signature.withdrawalDeadline) })}</p>
          {isConfirming ? (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-error"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(signature.id)}
              >
                {t('contracts.portal.confirmWithdraw')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
                {t('contracts.portal.keep')}
              </button>
            </div>
          ) : (
            <button type="button" className="btn btn-outline self-start" onClick={() => setConfirming(true)}>
              {t('contracts.portal.withdraw')}
            </button>
          )}
          {withdraw.error && (
            <p role="alert" className="alert alert-error">
              {describeError(withdraw.error, 'contracts.portal.withdrawFailed')}
            </p>
          )}
        </>
      )}
    </div>
  );
}

function Consents({ contract }: { contract: PortalContract }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const setConsent = useSetConsent();
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-3">
      <legend className="px-1 font-semibold">{t('contracts.consents.title')}</legend>
      <p className="text-sm">{t('contracts.portal.consentsIntro')}</p>
      {contract.consents.map((consent) => (
        <div
          key={consent.kind}
          className="flex flex-col gap-1"
          data-testid={`portal-consent-${consent.kind}`}
        >
          <p className="font-medium">{t(`contracts.consents.kinds.${consent.kind}`)}</p>
          <p className="text-sm">
            {consent.isGiven === null
              ? t('contracts.consents.notAsked')
              : t(consent.isGiven ? 'contracts.portal.givenOn' : 'contracts.portal.refusedOn', {
                  date: formatDate(consent.changedAt ?? ''),
                })}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm"
              aria-pressed={consent.isGiven === true}
              disabled={setConsent.isPending || consent.isGiven === true}
              onClick={() => setConsent.mutate({ kind: consent.kind, isGiven: true })}
            >
              {t('contracts.portal.give')}
            </button>
            <button
              type="button"
              className="btn btn-sm"
              aria-pressed={consent.isGiven === false}
              disabled={setConsent.isPending || consent.isGiven === false}
              onClick={() => setConsent.mutate({ kind: consent.kind, isGiven: false })}
            >
              {t(consent.isGiven ? 'contracts.portal.revoke' : 'contracts.portal.refuse')}
            </button>
          </div>
        </div>
      ))}
      {setConsent.error && (
        <p role="alert" className="alert alert-error">
          {describeError(setConsent.error, 'contracts.portal.consentFailed')}
        </p>
      )}
    </fieldset>
  );
}
