import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { customers, whatsappConnections } from '../../db/schema/index.ts';

/**
 * The customers on the books with this phone (E.164, as stored) at studios whose WhatsApp number is connected
 * to the Cloud API: the only ones a link by phone can reach. Across organizations, as the e-mail door looks
 * (decision 039), bounded by its rate limits and these ten.
 */
export async function findCustomersByPhoneWithWhatsApp(db: Database, phone: string) {
  return db
    .select({ organizationId: customers.organizationId, id: customers.id })
    .from(customers)
    .innerJoin(whatsappConnections, eq(whatsappConnections.organizationId, customers.organizationId))
    .where(and(eq(customers.phone, phone), onTheBooks(customers.status)))
    .limit(10);
}
