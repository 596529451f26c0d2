import type { CreditState } from '@reformer/domain/make-up-credits';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The SQL twin of the domain's make-up-credits `creditState` (make-up-credit-state.test.ts compares the two):
 * USED once spent, EXPIRED from the day after `expires_on`, AVAILABLE otherwise, with `today` a local date of
 * the organization. EXPIRED is computed when read, never stored (decision 023). One expression for every read
 * that counts or shows states — a customer's credit list and the churn risk's credits piling up (decision 022)
 * — so they cannot disagree.
 */
export function creditStateOn(
  credit: { usedAt: SQLWrapper; expiresOn: SQLWrapper },
  today: string,
): SQL<CreditState> {
  return sql<CreditState>`(case when ${credit.usedAt} is not null then 'USED'
    when ${credit.expiresOn} < ${today}::date then 'EXPIRED' else 'AVAILABLE' end)`;
}
