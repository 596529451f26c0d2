import type { CustomerValues } from '@reformer/domain/customers';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { onTheBooks } from '../../../db/customers-on-the-books.ts';
import { customers, whatsappConsents } from '../../../db/schema/index.ts';
import type { Tx } from '../customers.repository.ts';

/** Rows per INSERT: 23 arrays of this length travel as 23 parameters, whatever the batch size. */
export const INSERT_BATCH_ROWS = 5_000;

/**
 * The customers still on the books whose CPF or email is among these: the same rows the partial unique
 * indexes compare with. Each list goes as one array parameter, so 100,000 values make one statement.
 */
export async function findCustomersByCpfOrEmail(
  db: Database | Tx,
  organizationId: string,
  cpfs: string[],
  emails: string[],
) {
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      idType: customers.idType,
      idNumber: customers.idNumber,
      email: customers.email,
    })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        onTheBooks(customers.status),
        or(
          and(eq(customers.idType, 'CPF'), sql`${customers.idNumber} = any(${sql.param(cpfs)}::text[])`),
          sql`${customers.email} = any(${sql.param(emails)}::text[])`,
        ),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    cpf: row.idType === 'CPF' ? row.idNumber : null,
    email: row.email,
  }));
}

const COLUMNS = [
  ['id', 'uuid'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['date_of_birth', 'date'],
  ['gender', 'gender'],
  ['country', 'text'],
  ['id_type', 'id_type'],
  ['id_number', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['is_whatsapp', 'boolean'],
  ['address', 'text'],
  ['number', 'text'],
  ['apartment', 'text'],
  ['neighborhood', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['zip_code', 'text'],
  ['profession', 'text'],
  ['emergency_contact_name', 'text'],
  ['emergency_contact_phone', 'text'],
  ['notes', 'text'],
  ['status', 'customer_status'],
] as const;

type NewCustomer = CustomerValues & { id: string };

function columnValues(rows: NewCustomer[], column: (typeof COLUMNS)[number][0]): unknown[] {
  const key = column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase()) as keyof NewCustomer;
  return rows.map((row) => row[key] ?? null);
}

/**
 * One multi-row INSERT per batch, each column an array parameter unnested by PostgreSQL: no statement grows
 * with the batch and none nears the 65,535-parameter limit. Runs inside the caller's transaction.
 */
export async function insertCustomers(tx: Tx, organizationId: string, rows: NewCustomer[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) {
    const batch = rows.slice(start, start + INSERT_BATCH_ROWS);
    const names = sql.raw(COLUMNS.map(([name]) => `"${name}"`).join(', '));
    const arrays = sql.join(
      COLUMNS.map(([name, type]) => sql`${sql.param(columnValues(batch, name))}::${sql.raw(type)}[]`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into ${customers} ("organization_id", ${names})
      select ${organizationId}::uuid, * from unnest(${arrays})`);
  }
}

/**
 * The imported customers' WhatsApp answers (source IMPORT, decision 053), as the customers are inserted: three
 * array parameters per batch, unnested, whatever its size.
 */
export async function insertWhatsAppAnswers(
  tx: Tx,
  organizationId: string,
  answers: { customerId: string; isOptedIn: boolean }[],
  at: Date,
): Promise<void> {
  for (let start = 0; start < answers.length; start += INSERT_BATCH_ROWS) {
    const batch = answers.slice(start, start + INSERT_BATCH_ROWS);
    await tx.execute(sql`
      insert into ${whatsappConsents} ("organization_id", "customer_id", "is_opted_in", "source", "changed_at")
      select ${organizationId}::uuid, answer.customer_id, answer.is_opted_in, 'IMPORT', ${at.toISOString()}::timestamptz
      from unnest(${sql.param(batch.map((answer) => answer.customerId))}::uuid[],
        ${sql.param(batch.map((answer) => answer.isOptedIn))}::boolean[]) as answer(customer_id, is_opted_in)`);
  }
}
