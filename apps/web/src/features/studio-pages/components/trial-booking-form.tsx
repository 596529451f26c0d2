import { TrialBookingInput } from '@reformer/domain/studio-pages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-messages.ts';
import { fieldErrorText } from '@/lib/forms.ts';
import { useBookTrial } from '../api/studio-page-api.ts';

type Field = 'fullName' | 'email' | 'phone' | 'cpf' | 'consent';
const FIELDS = ['fullName', 'email', 'phone', 'cpf'] as const;
const AUTOCOMPLETE = { fullName: 'name', email: 'email', phone: 'tel', cpf: 'off' } as const;
const TYPES = { fullName: 'text', email: 'email', phone: 'tel', cpf: 'text' } as const;

/**
 * "Agendar aula experimental" for the class chosen: name, e-mail, phone (CPF optional) and the consent. The
 * `website` field is a honeypot: hidden from people and from assistive technology, filled only by robots.
 */
export function TrialBookingForm({
  slug,
  session,
  onDone,
}: {
  slug: string;
  session: { id: string; label: string };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const book = useBookTrial(slug);
  const [values, setValues] = useState({ fullName: '', email: '', phone: '', cpf: '', website: '' });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TrialBookingInput.safeParse({ ...values, sessionId: session.id, consent });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    book.mutate({ ...values, sessionId: session.id, consent: true });
  };
  if (book.isSuccess)
    return (
      <div role="status" className="alert alert-success flex flex-col items-start gap-2">
        <p>{t('studioPage.trial.booked', { session: session.label })}</p>
        <button type="button" className="btn btn-sm" onClick={onDone}>
          {t('studioPage.trial.close')}
        </button>
      </div>
    );
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate aria-labelledby="trial-title">
      <h3 id="trial-title" className="font-semibold">
        {t('studioPage.trial.title', { session: session.label })}
      </h3>
      {FIELDS.map((field) => (
        <label key={field} className="flex flex-col gap-1">
          <span className="fieldset-label">{t(`studioPage.trial.${field}`)}</span>
          <input
            name={field}
            type={TYPES[field]}
            autoComplete={AUTOCOMPLETE[field]}
            className={`input w-full ${errors[field] ? 'input-error' : ''}`}
            value={values[field]}
            aria-invalid={!!errors[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
          {errors[field] && (
            <span className="text-error text-sm">
              {fieldErrorText({ type: 'custom', message: errors[field] })}
            </span>
          )}
        </label>
      ))}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(event) => setValues({ ...values, website: event.target.value })}
          />
        </label>
      </div>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-primary mt-1"
          checked={consent}
          onChange={(event) => setConsent(event.target.checked)}
        />
        <span>{t('studioPage.trial.consent')}</span>
      </label>
      {errors.consent && <span className="text-error text-sm">{t('studioPage.trial.consentRequired')}</span>}
      {book.error && (
        <p role="alert" className="alert alert-error">
          {describeError(book.error, 'errors.network')}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={book.isPending}>
        {t('studioPage.trial.submit')}
      </button>
    </form>
  );
}
