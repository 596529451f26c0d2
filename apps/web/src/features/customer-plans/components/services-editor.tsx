import { useRef } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RequiredMark } from '@/components/form/form-field.tsx';
import { fieldErrorText } from '@/lib/forms.ts';

type ServicesEditorProps = {
  value: string[];
  onChange: (services: string[]) => void;
  error?: FieldError | undefined;
};

const MAX_SERVICE_LENGTH = 120;

/** The plan's services ("features") as an editable list: one input per service, add and remove. */
export function ServicesEditor({ value, onChange, error }: ServicesEditorProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const message = fieldErrorText(error);

  const add = () => {
    onChange([...value, '']);
    // Focus the new row once it is rendered.
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus(),
    );
  };

  return (
    <fieldset className="flex flex-col gap-2">
      {/* At least one service (the shared plan schema): marked like the other required fields. */}
      <legend className="mb-2 text-sm font-medium">
        {t('customerPlans.fields.services')}
        <RequiredMark />
      </legend>
      <ul ref={listRef} className="flex flex-col gap-2">
        {value.map((service, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a list of plain strings.
          <li key={index} className="flex gap-2">
            <input
              className={`input input-sm w-full ${message ? 'input-error' : ''}`}
              aria-label={t('customerPlans.fields.serviceN', { n: index + 1 })}
              aria-required={index === 0 || undefined}
              value={service}
              maxLength={MAX_SERVICE_LENGTH}
              placeholder={t('customerPlans.fields.servicePlaceholder')}
              onChange={(event) =>
                onChange(value.map((item, i) => (i === index ? event.target.value : item)))
              }
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                add();
              }}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={t('customerPlans.fields.removeServiceN', { n: index + 1 })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <div>
        <button type="button" className="btn btn-outline btn-sm" onClick={add}>
          {t('customerPlans.fields.addService')}
        </button>
      </div>
      {message && (
        <p role="alert" className="text-sm text-error">
          {message}
        </p>
      )}
    </fieldset>
  );
}
