import { PortalLinkRequestInput } from '@reformer/domain/portal';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-messages.ts';
import { useRequestLink } from '../api/portal-api.ts';

/** "Send me a new link": to the e-mail on file only; the answer is the same whether the address is known. */
export function PortalLinkRequest() {
  const { t } = useTranslation();
  const request = useRequestLink();
  const [email, setEmail] = useState('');
  const [isInvalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PortalLinkRequestInput.safeParse({ email });
    setInvalid(!parsed.success);
    if (parsed.success) request.mutate(parsed.data.email);
  };
  if (request.isSuccess)
    return (
      <p role="status" className="alert alert-success">
        {t('portal.requestSent')}
      </p>
    );
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <label className="fieldset-label" htmlFor="portal-email">
        {t('portal.requestLabel')}
      </label>
      <input
        id="portal-email"
        type="email"
        autoComplete="email"
        className={`input w-full ${isInvalid ? 'input-error' : ''}`}
        value={email}
        aria-invalid={isInvalid}
        onChange={(event) => setEmail(event.target.value)}
      />
      {isInvalid && <p className="text-error text-sm">{t('validation.email')}</p>}
      {request.error && (
        <p role="alert" className="alert alert-error">
          {describeError(request.error, 'errors.network')}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={request.isPending}>
        {t('portal.requestSend')}
      </button>
    </form>
  );
}
