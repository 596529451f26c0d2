import { useTranslation } from 'react-i18next';

export const PAYMENT_STEPS = ['customer', 'enrollment', 'details'] as const;
export type PaymentStep = (typeof PAYMENT_STEPS)[number];

/** Spec §2: customer, plan, details — where the user is, and what is done. */
export function PaymentStepIndicator({ current }: { current: PaymentStep }) {
  const { t } = useTranslation();
  const currentIndex = PAYMENT_STEPS.indexOf(current);
  return (
    <ol aria-label={t('payments.steps.label')} className="steps w-full">
      {PAYMENT_STEPS.map((step, index) => (
        <li
          key={step}
          className={`step text-sm ${index <= currentIndex ? 'step-primary' : ''}`}
          aria-current={index === currentIndex ? 'step' : undefined}
        >
          {t(`payments.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}

type PaymentStepActionsProps = {
  step: PaymentStep;
  /** Whether this step's choice is made (a customer, an enrollment), so Next may go on. */
  canGoOn: boolean;
  isSubmitting: boolean;
  /** The id of the details form, which the last step's button submits. */
  submitForm: string;
  onStep: (step: PaymentStep) => void;
  onCancel: () => void;
};

/**
 * Cancel; Back (what was chosen and typed stays); Next, or on the last step the submit, disabled while
 * it runs.
 */
export function PaymentStepActions({
  step,
  canGoOn,
  isSubmitting,
  submitForm,
  onStep,
  onCancel,
}: PaymentStepActionsProps) {
  const { t } = useTranslation();
  const index = PAYMENT_STEPS.indexOf(step);
  const previous = PAYMENT_STEPS[index - 1];
  const next = PAYMENT_STEPS[index + 1];
  return (
    <div className="flex flex-wrap justify-between gap-2">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <div className="flex gap-2">
        {previous && (
          <button type="button" className="btn" onClick={() => onStep(previous)}>
            {t('payments.steps.back')}
          </button>
        )}
        {/* Keyed apart: a reused Next turned into the submit under the click would submit the form. */}
        {next ? (
          <button
            key="next"
            type="button"
            className="btn btn-primary"
            disabled={!canGoOn}
            onClick={() => onStep(next)}
          >
            {t('payments.steps.next')}
          </button>
        ) : (
          <button
            key="submit"
            type="submit"
            form={submitForm}
            className="btn btn-primary"
            disabled={isSubmitting}
          >
            {isSubmitting ? t('common.saving') : t('payments.create.submit')}
          </button>
        )}
      </div>
    </div>
  );
}
