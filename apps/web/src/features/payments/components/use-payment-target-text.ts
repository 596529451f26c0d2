import type { EnrollmentBilling } from '@reformer/domain/payments';
import type { Purchase } from '@reformer/domain/purchases';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/lib/format.ts';
import { cycleToPay } from './payment-form-values.ts';

/** The details step's summary and amount hint for what is paid: an enrollment's cycle, or a purchase once. */
export function usePaymentTargetText() {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const summaryOf = (chosen: EnrollmentBilling | null, sold: Purchase | null) =>
    chosen
      ? {
          plan: t('payments.enrollmentStep.option', { plan: chosen.planName, schedule: chosen.scheduleName }),
          cycle: cycleToPay(chosen),
        }
      : {
          plan: t('payments.enrollmentStep.purchaseOption', {
            plan: sold?.planName ?? '',
            classes: t('purchases.classes', { count: sold?.classesTotal ?? 0 }),
          }),
          cycle: sold ? { start: sold.startsOn, end: sold.expiresOn } : null,
        };
  const amountHintOf = (chosen: EnrollmentBilling | null, sold: Purchase | null) =>
    chosen
      ? t('payments.form.hints.amountFromPlan', { price: formatMoney(chosen.priceCents, chosen.currency) })
      : t('payments.form.hints.amountFromPurchase', {
          price: sold ? formatMoney(sold.priceCents, sold.currency) : '',
        });
  return { summaryOf, amountHintOf };
}
