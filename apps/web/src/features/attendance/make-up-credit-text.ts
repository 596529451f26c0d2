import type { MakeUpCreditOutcome } from '@reformer/domain/make-up-credit-schemas';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate } from '@/lib/format.ts';

/** What a status change did to the customer's make-up credit, in words: earned until when, why not, returned. */
export function useMakeUpCreditText(): (outcome: MakeUpCreditOutcome, name: string) => string {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  return useCallback(
    (outcome: MakeUpCreditOutcome, name: string) => {
      if (outcome.outcome === 'EARNED')
        return t('makeUpCredits.outcome.EARNED', { name, date: formatDate(outcome.expiresOn) });
      if (outcome.outcome === 'RETURNED') return t('makeUpCredits.outcome.RETURNED', { name });
      const reason =
        outcome.reason === 'SHORT_NOTICE'
          ? t('makeUpCredits.reasons.SHORT_NOTICE', { count: outcome.noticeHours })
          : outcome.reason === 'MONTHLY_LIMIT'
            ? t('makeUpCredits.reasons.MONTHLY_LIMIT', { count: outcome.monthlyLimit })
            : t(`makeUpCredits.reasons.${outcome.reason}`);
      return t('makeUpCredits.outcome.NOT_EARNED', { name, reason });
    },
    [t, formatDate],
  );
}
