import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { customerProfileChanges, customers } from '../../db/schema/index.ts';

/** The SQL of the customer's own profile (decision 046) and of the history of its changes. */

type Reader = Database | Transaction;
type CustomerKey = { organizationId: string; customerId: string };

const profileColumns = {
  country: customers.country,
  email: customers.email,
  phone: customers.phone,
  isWhatsapp: customers.isWhatsapp,
  zipCode: customers.zipCode,
  address: customers.address,
  number: customers.number,
  apartment: customers.apartment,
  neighborhood: customers.neighborhood,
  city: customers.city,
  state: customers.state,
  emergencyContactName: customers.emergencyContactName,
  emergencyContactPhone: customers.emergencyContactPhone,
};

const ofCustomer = (key: CustomerKey) =>
  and(
    eq(customers.organizationId, key.organizationId),
    eq(customers.id, key.customerId),
    onTheBooks(customers.status),
  );

/** The customer's profile, locked until the transaction ends, so two saves take turns and each sees the other's. */
export async function lockProfile(tx: Transaction, key: CustomerKey) {
  const [row] = await tx.select(profileColumns).from(customers).where(ofCustomer(key)).for('update');
  return row ?? null;
}

export async function findProfile(db: Reader, key: CustomerKey) {
  const [row] = await db.select(profileColumns).from(customers).where(ofCustomer(key));
  return row ?? null;
}

export async function updateProfile(
  tx: Transaction,
  key: CustomerKey,
  values: Partial<typeof customers.$inferInsert>,
) {
  const [row] = await tx.update(customers).set(values).where(ofCustomer(key)).returning(profileColumns);
  return row ?? null;
}

export async function insertChanges(tx: Transaction, rows: (typeof customerProfileChanges.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(customerProfileChanges).values(rows);
}

/** The customer's changes, newest save first, a save's fields in the form's order (a few a year: no paging). */
export async function listChanges(db: Reader, key: CustomerKey) {
  return db
    .select({
      id: customerProfileChanges.id,
      field: customerProfileChanges.field,
      from: customerProfileChanges.oldValue,
      to: customerProfileChanges.newValue,
      changedAt: customerProfileChanges.changedAt,
    })
    .from(customerProfileChanges)
    .where(
      and(
        eq(customerProfileChanges.organizationId, key.organizationId),
        eq(customerProfileChanges.customerId, key.customerId),
      ),
    )
    .orderBy(desc(customerProfileChanges.changedAt), asc(customerProfileChanges.id));
}

/** A purge (LGPD erasure) leaves no old phone or address behind in the history. */
export async function eraseProfileChanges(tx: Reader, key: CustomerKey) {
  await tx
    .delete(customerProfileChanges)
    .where(
      and(
        eq(customerProfileChanges.organizationId, key.organizationId),
        eq(customerProfileChanges.customerId, key.customerId),
      ),
    );
}

/** The customer of this organization, whatever their status (a purged one's history is empty). */
export async function findCustomerOfOrganization(db: Reader, key: CustomerKey) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, key.organizationId), eq(customers.id, key.customerId)));
  return row ?? null;
}
