import { PortalLinkRequestInput } from '@reformer/domain/portal';
import { PortalPhoneLinkRequestInput } from '@reformer/domain/portal-phone-link';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-messages.ts';
import { useRequestLink, useRequestLinkByPhone } from '../api/portal-api.ts';

type Channel = 'EMAIL' | 'WHATSAPP';

const DOORS = {
  EMAIL: {
    schema: PortalLinkRequestInput,
    field: 'email',
    type: 'email',
    autoComplete: 'email',
    label: 'portal.requestLabel',
    invalid: 'validation.email',
    sent: 'portal.requestSent',
  },
  WHATSAPP: {
    schema: PortalPhoneLinkRequestInput,
    field: 'phone',
    type: 'tel',
    autoComplete: 'tel',
    label: 'portal.requestPhoneLabel',
    invalid: 'validation.phone',
    sent: 'portal.requestSentPhone',
  },
} as const;

/**
 * "Send me a new link": to the e-mail on file (decision 039), or by WhatsApp to the phone on file from the
 * studios on WhatsApp's API (decision 053). Either answer is the same whether the contact is known.
 */
export function PortalLinkRequest() {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<Channel>('EMAIL');
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
        <legend className="fieldset-legend">{t('portal.requestBy')}</legend>
        {(['EMAIL', 'WHATSAPP'] as const).map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="portal-link-channel"
              className="radio radio-sm"
              checked={channel === option}
              onChange={() => setChannel(option)}
            />
            {t(option === 'EMAIL' ? 'portal.requestByEmail' : 'portal.requestByWhatsApp')}
          </label>
        ))}
      </fieldset>
      <LinkRequestForm key={channel} channel={channel} />
    </div>
  );
}

function LinkRequestForm({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const door = DOORS[channel];
  const byEmail = useRequestLink();
  const byPhone = useRequestLinkByPhone();
  const request = channel === 'EMAIL' ? byEmail : byPhone;
  const [value, setValue] = useState('');
  const [isInvalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = door.schema.safeParse({ [door.field]: value });
    setInvalid(!parsed.success);
    if (parsed.success) request.mutate(value.trim());
  };
  if (request.isSuccess)
    return (
      <p role="status" className="alert alert-success">
        {t(door.sent)}
      </p>
    );
  const inputId = `portal-${door.field}`;
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
      <label className="fieldset-label" htmlFor={inputId}>
        {t(door.label)}
      </label>
      <input
        id={inputId}
        type={door.type}
        inputMode={door.type}
        autoComplete={door.autoComplete}
        className={`input w-full ${isInvalid ? 'input-error' : ''}`}
        value={value}
        aria-invalid={isInvalid}
        onChange={(event) => setValue(event.target.value)}
      />
      {isInvalid && <p className="text-error text-sm">{t(door.invalid)}</p>}
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
