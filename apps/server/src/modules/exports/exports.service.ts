import { formatCpf } from '@reformer/domain/cpf';
import type { Language } from '@reformer/domain/preferences';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/audit.ts';
import { type CsvColumn, exportCsv } from '../../lib/csv-export.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './exports.repository.ts';

/**
 * Settings → Export (issue #14): plans, enrollments and payments as CSV through the one writer the customers
 * export uses (lib/csv-export.ts); each download is audited.
 */
export const EXPORT_KINDS = ['plans', 'enrollments', 'payments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

type PlanRow = Awaited<ReturnType<typeof repository.listPlans>>[number];
type EnrollmentRow = Awaited<ReturnType<typeof repository.listEnrollments>>[number];
type PaymentRow = Awaited<ReturnType<typeof repository.listPayments>>[number];
type WithCustomer = { firstName: string; lastName: string; idType: string | null; idNumber: string | null };

const column = <Row>(key: string, value: CsvColumn<Row>['value']): CsvColumn<Row> => ({
  header: `export.columns.${key}`,
  value,
});

const customerColumns = <Row extends WithCustomer>(): CsvColumn<Row>[] => [
  column('customer', (row) => `${row.firstName} ${row.lastName}`.trim()),
  column('cpf', (row) => (row.idType === 'CPF' && row.idNumber ? formatCpf(row.idNumber) : null)),
];

const PLAN_COLUMNS: CsvColumn<PlanRow>[] = [
  column('name', (row) => row.name),
  column('description', (row) => row.description),
  column('price', (row, writer) => writer.amount(row.priceCents)),
  column('currency', (row) => row.currency),
  column('billingCycle', (row, writer) => writer.text(`customerPlans.billingCycles.${row.billingCycle}`)),
  column('weeklySessionsLimit', (row) => row.weeklySessionsLimit),
  column('services', (row) => row.features.join(' | ')),
  column('active', (row, writer) => writer.yesNo(row.isActive)),
  column('createdAt', (row, writer) => writer.instant(row.createdAt)),
];

const ENROLLMENT_COLUMNS: CsvColumn<EnrollmentRow>[] = [
  ...customerColumns<EnrollmentRow>(),
  column('plan', (row) => row.plan),
  column('schedule', (row) => row.schedule),
  column('startDate', (row, writer) => writer.date(row.startDate)),
  column('endDate', (row, writer) => writer.date(row.endDate)),
  column('status', (row, writer) => writer.text(`enrollments.statuses.${row.status}`)),
  column('pausedFrom', (row, writer) => writer.date(row.pausedFrom)),
  column('resumeOn', (row, writer) => writer.date(row.resumeOn)),
  column('canceledFrom', (row, writer) => writer.date(row.canceledFrom)),
  column('notes', (row) => row.notes),
  column('createdAt', (row, writer) => writer.instant(row.createdAt)),
];

const PAYMENT_COLUMNS: CsvColumn<PaymentRow>[] = [
  column('paidOn', (row, writer) => writer.date(row.paidOn)),
  ...customerColumns<PaymentRow>(),
  column('plan', (row) => row.plan),
  column('cycleStart', (row, writer) => writer.date(row.cycleStart)),
  column('cycleEnd', (row, writer) => writer.date(row.cycleEnd)),
  column('amount', (row, writer) => writer.amount(row.amountCents)),
  column('currency', (row) => row.currency),
  column('method', (row, writer) => writer.text(`payments.methods.${row.method}`)),
  column('status', (row, writer) => writer.text(`payments.statuses.${row.status}`)),
  column('notes', (row) => row.notes),
  column('createdAt', (row, writer) => writer.instant(row.createdAt)),
];

export function exportData(
  db: Database,
  access: OrgAccess,
  kind: ExportKind,
  language: Language,
  actor: Actor,
): Promise<string> {
  const { organizationId } = access;
  const action = `${kind}.exported`;
  switch (kind) {
    case 'plans':
      return exportCsv(db, access, actor, {
        language,
        action,
        rows: () => repository.listPlans(db, organizationId),
        columns: PLAN_COLUMNS,
      });
    case 'enrollments':
      return exportCsv(db, access, actor, {
        language,
        action,
        rows: () => repository.listEnrollments(db, organizationId),
        columns: ENROLLMENT_COLUMNS,
      });
    case 'payments':
      return exportCsv(db, access, actor, {
        language,
        action,
        rows: () => repository.listPayments(db, organizationId),
        columns: PAYMENT_COLUMNS,
      });
  }
}
