import type { CreditPreview } from '@reformer/domain/class-links';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type NotEarned = Extract<CreditPreview, { outcome: 'NOT_EARNED' }>;

/** Why a cancellation earns no credit, to the customer, with the numbers (the notice, the month's limit). */
export function useCreditReasonText(): (decision: NotEarned) => string {
  const { t } = useTranslation();
  return useCallback(
    (decision: NotEarned) => {
      if (decision.reason === 'SHORT_NOTICE')
        return t('myClasses.reasons.SHORT_NOTICE', { count: decision.noticeHours });
      if (decision.reason === 'MONTHLY_LIMIT')
        return t('myClasses.reasons.MONTHLY_LIMIT', { count: decision.monthlyLimit });
      return t(`myClasses.reasons.${decision.reason}`);
    },
    [t],
  );
}
