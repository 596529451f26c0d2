import { type SQL, sql } from 'drizzle-orm';
import { purchaseClasses, purchases } from './schema/index.ts';

/**
 * A purchase's classes spent and not given back (decision 029), as the purchases list and a session's roster
 * read it. A writer that must see the latest counts in a statement of its own after locking the purchase
 * (purchase-classes.repository `lockPurchases`).
 */
export const classesSpent: SQL<number> = sql<number>`(select count(*) from ${purchaseClasses}
  where ${purchaseClasses.organizationId} = ${purchases.organizationId}
    and ${purchaseClasses.purchaseId} = ${purchases.id} and ${purchaseClasses.returnedAt} is null)::int`;
