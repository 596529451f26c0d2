import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { pixRecurrences } from '../../db/schema/index.ts';

/**
 * Whether a Pix Automático authorization of the customer waits at the PSP (CREATED with its idRec): the
 * portal's payments show its QR, so the portal link's message tells the customer it is there — how staff send
 * the authorization by e-mail and WhatsApp (decision 048).
 */
export async function customerAwaitsAuthorization(
  db: Database | Transaction,
  organizationId: string,
  customerId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: pixRecurrences.id })
    .from(pixRecurrences)
    .where(
      and(
        eq(pixRecurrences.organizationId, organizationId),
        eq(pixRecurrences.customerId, customerId),
        eq(pixRecurrences.state, 'CREATED'),
        isNotNull(pixRecurrences.idRec),
      ),
    )
    .limit(1);
  return Boolean(row);
}
