import { centsToInput } from '@reformer/domain/money';
import type { EnrollmentBilling, Payment } from '@reformer/domain/payments';
import type { Purchase } from '@reformer/domain/purchases';
import { todayIn } from '@reformer/domain/time-zones';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocaleTag } from '@/lib/format.ts';
import { useCreatePayment } from '../api/create-payment.ts';
import type { PixMerchant } from '../pix-code.ts';
import { ExcessPaymentAlert, useExcessRefusal } from './excess-payment-alert.tsx';
import { type ChosenCustomer, PaymentCustomerStep } from './payment-customer-step.tsx';
import { PaymentDetailsFields } from './payment-details-fields.tsx';
import { PaymentEnrollmentStep } from './payment-enrollment-step.tsx';
import { showPaymentServerErrors } from './payment-form-errors.ts';
import {
  amountToPay,
  cycleToPay,
  emptyPaymentDetails,
  type PaymentDetailsFormValues,
  type PaymentDetailsValues,
  paymentDetailsResolver,
  toPaymentValues,
} from './payment-form-values.ts';
import { purchaseAmountToPay } from './payment-purchase-options.tsx';
import { type PaymentStep, PaymentStepActions, PaymentStepIndicator } from './payment-steps.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { PixCodeDialog } from './pix-code-dialog.tsx';
import { usePaymentTargetText } from './use-payment-target-text.ts';

type NewPaymentPageProps = {
  organizationId: string;
  merchant: PixMerchant;
  /** Chosen before the flow opened (the customer's details page links here with them): step 2 first. */
  customer: ChosenCustomer | null;
  /** Chosen before a reload (kept in the address): the details step can open again. */
  enrollment: EnrollmentBilling | null;
  /** Or the pack, single or trial class sold to them (decision 029). */
  purchase: Purchase | null;
  /** The step the address names; none: the first one the choices allow. */
  step: PaymentStep | undefined;
  onStepChange: (
    step: PaymentStep,
    chosen: { customerId?: string; enrollmentId?: string; purchaseId?: string },
  ) => void;
};

/** The step the address asks for, if what it needs is chosen; else the last one that is open. */
function reachableStep(
  asked: PaymentStep,
  chosen: { customer: ChosenCustomer | null; target: unknown },
): PaymentStep {
  if (asked === 'details' && chosen.target) return 'details';
  if (asked !== 'customer' && chosen.customer) return 'enrollment';
  return 'customer';
}

/**
 * Spec §2's three steps: customer, plan (one of their enrollments), details. Going back and forth keeps
 * what was typed, the browser's Back and Forward walk the steps, and a reload comes back to the same step
 * with the same customer and enrollment (the amount again from the plan); a PIX payment still to be paid
 * ends on its PIX code, to show or send to the customer.
 */
export function NewPaymentPage({
  organizationId,
  merchant,
  customer: initialCustomer,
  enrollment: initialEnrollment,
  purchase: initialPurchase,
  step: askedStep,
  onStepChange,
}: NewPaymentPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localeTag = useLocaleTag();
  const [search, setSearch] = useState('');
  const { summaryOf, amountHintOf } = usePaymentTargetText();
  const [customer, setCustomer] = useState(initialCustomer);
  const [enrollment, setEnrollment] = useState(initialEnrollment);
  const [purchase, setPurchase] = useState(initialPurchase);
  const [created, setCreated] = useState<Payment | null>(null);
  // No step in the address: the flow opens on step 2 for a customer chosen before it, else on step 1.
  const step = reachableStep(askedStep ?? (initialCustomer ? 'enrollment' : 'customer'), {
    customer,
    target: enrollment ?? purchase,
  });
  const form = useForm<PaymentDetailsFormValues, unknown, PaymentDetailsValues>({
    resolver: paymentDetailsResolver,
    defaultValues: {
      ...emptyPaymentDetails(todayIn(merchant.timeZone)),
      ...(initialEnrollment && {
        amount: centsToInput(amountToPay(initialEnrollment), localeTag),
        currency: initialEnrollment.currency,
      }),
      ...(initialPurchase && {
        amount: centsToInput(purchaseAmountToPay(initialPurchase), localeTag),
        currency: initialPurchase.currency,
      }),
    },
  });
  const setStep = (next: PaymentStep) =>
    onStepChange(next, {
      customerId: customer?.id,
      enrollmentId: enrollment?.enrollmentId,
      purchaseId: purchase?.id,
    });
  const toList = () => navigate({ to: '/app/org/$orgId/payments', params: { orgId: organizationId } });
  const createPayment = useCreatePayment(organizationId, {
    // The code is for paying: a payment recorded as already paid (COMPLETED) does not offer it.
    onSuccess: (payment) =>
      payment.method === 'PIX' && payment.status !== 'COMPLETED' ? setCreated(payment) : toList(),
  });

  const chooseCustomer = (chosen: ChosenCustomer) => {
    if (chosen.id !== customer?.id) {
      setEnrollment(null);
      setPurchase(null);
    }
    setCustomer(chosen);
  };
  // Another enrollment brings its plan's amount and currency; the same one keeps what was typed.
  const chooseEnrollment = (chosen: EnrollmentBilling) => {
    if (chosen.enrollmentId === enrollment?.enrollmentId) return;
    setEnrollment(chosen);
    setPurchase(null);
    form.setValue('amount', centsToInput(amountToPay(chosen), localeTag));
    form.setValue('currency', chosen.currency);
  };
  const choosePurchase = (chosen: Purchase) => {
    if (chosen.id === purchase?.id) return;
    setPurchase(chosen);
    setEnrollment(null);
    form.setValue('amount', centsToInput(purchaseAmountToPay(chosen), localeTag));
    form.setValue('currency', chosen.currency);
  };
  const excess = useExcessRefusal();
  const submitWith = (recordExcessAsCredit: boolean) =>
    form.handleSubmit(async (details) => {
      if (!customer || !(enrollment || purchase)) return;
      const target = {
        customerId: customer.id,
        enrollmentId: enrollment?.enrollmentId ?? null,
        purchaseId: purchase?.id ?? null,
        cycleStart: enrollment ? (cycleToPay(enrollment)?.start ?? null) : null,
      };
      const values = { ...toPaymentValues(details, target), recordExcessAsCredit };
      await createPayment.mutateAsync(values).catch((error: unknown) => {
        excess.capture(error, values);
        showPaymentServerErrors(error, form.setError);
      });
    });
  const submit = submitWith(false);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-4">
        <div>
          <Link to="/app/org/$orgId/payments" params={{ orgId: organizationId }} className="link text-sm">
            {t('payments.backToList')}
          </Link>
          <h1 className="text-3xl font-bold">{t('payments.create.title')}</h1>
        </div>
        <PaymentStepIndicator current={step} />
      </header>
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          {step === 'customer' && (
            <PaymentCustomerStep
              organizationId={organizationId}
              text={search}
              onTextChange={setSearch}
              value={customer}
              onChange={chooseCustomer}
            />
          )}
          {step === 'enrollment' && customer && (
            <>
              <PaymentSummary customerName={customer.name} />
              <PaymentEnrollmentStep
                organizationId={organizationId}
                customerId={customer.id}
                value={enrollment?.enrollmentId ?? null}
                onChange={chooseEnrollment}
                purchaseId={purchase?.id ?? null}
                onChoosePurchase={choosePurchase}
              />
            </>
          )}
          {step === 'details' && customer && (enrollment || purchase) && (
            <form id="payment-details" className="flex flex-col gap-4" noValidate onSubmit={submit}>
              <PaymentSummary customerName={customer.name} {...summaryOf(enrollment, purchase)} />
              <PaymentDetailsFields form={form} amountHint={amountHintOf(enrollment, purchase)} />
              {excess.refusal && (
                <ExcessPaymentAlert
                  refusal={excess.refusal}
                  isPending={createPayment.isPending}
                  onRecordAsCredit={submitWith(true)}
                />
              )}
            </form>
          )}
        </div>
      </div>
      <PaymentStepActions
        step={step}
        canGoOn={step === 'customer' ? Boolean(customer) : Boolean(enrollment || purchase)}
        isSubmitting={createPayment.isPending}
        submitForm="payment-details"
        onStep={setStep}
        onCancel={toList}
      />
      {created && (
        <PixCodeDialog
          organizationId={organizationId}
          merchant={merchant}
          payment={created}
          isOpen
          onClose={toList}
        />
      )}
    </div>
  );
}
