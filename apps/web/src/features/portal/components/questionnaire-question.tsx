import type { Question } from '@reformer/domain/health-questionnaire';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Codes that mean "nothing applies": choosing one clears the others, choosing another clears it. */
const EXCLUSIVE = ['NONE', 'NOT_APPLICABLE'];

function toggled(chosen: readonly string[], code: string): string[] {
  if (chosen.includes(code)) return chosen.filter((each) => each !== code);
  if (EXCLUSIVE.includes(code)) return [code];
  return [...chosen.filter((each) => !EXCLUSIVE.includes(each)), code];
}

type QuestionProps = {
  question: Question;
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown) => void;
};

/** One question with the clinical form's label and options (`medicalRecords.fields.<path>`, `.options.<CODE>`). */
export function QuestionnaireQuestion({ question, value, error, onChange }: QuestionProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
  return (
    <fieldset
      className="fieldset rounded-box border border-base-300 p-3"
      data-testid="questionnaire-question"
    >
      <legend className="fieldset-legend whitespace-normal text-base">
        {t(`medicalRecords.fields.${question.path}` as never)}
      </legend>
      {question.kind === 'number' ? (
        <input
          type="number"
          inputMode="numeric"
          className="input w-32"
          min={question.min}
          max={question.max}
          aria-label={t(`medicalRecords.fields.${question.path}` as never)}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          {...described}
        />
      ) : (
        <div className="flex flex-col gap-2">
          {question.options.map((code) => {
            const chosen = Array.isArray(value) ? (value as string[]) : [];
            const isMulti = question.kind === 'multiChoice';
            return (
              <label key={code} className="flex cursor-pointer items-center gap-3">
                <input
                  type={isMulti ? 'checkbox' : 'radio'}
                  name={id}
                  className={isMulti ? 'checkbox' : 'radio'}
                  checked={isMulti ? chosen.includes(code) : value === code}
                  onChange={() => onChange(isMulti ? toggled(chosen, code) : code)}
                  {...described}
                />
                <span>{t(`medicalRecords.options.${code}` as never)}</span>
              </label>
            );
          })}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {t(error as never)}
        </p>
      )}
    </fieldset>
  );
}
