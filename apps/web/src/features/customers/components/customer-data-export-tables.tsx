import type { CustomerDataExport } from '@reformer/domain/customer-data-export';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatMoney, useFormatTimeRange, useLocaleTag } from '@/lib/format.ts';
import type { TranslationKey } from '@/lib/i18n-keys.ts';
import { displayPhone } from '@/lib/phones.ts';

type Column<Row> = { label: TranslationKey; value: (row: Row) => ReactNode };

/** A part of the record as a table, or 'Nothing recorded.'; rows stay whole across printed pages. */
export function ExportTable<Row extends { id: string } | { sessionId: string }>({
  rows,
  columns,
}: {
  rows: Row[];
  columns: Column<Row>[];
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="text-base-content/70">{t('dataExport.empty')}</p>;
  return (
    <div className="overflow-x-auto print:overflow-visible">
      <table className="table table-sm">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label}>{t(column.label)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={'id' in row ? row.id : row.sessionId} className="break-inside-avoid">
              {columns.map((column) => (
                <td key={column.label} className="align-top break-words">
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An instant (a check-in, a message) as the organization's clock showed it: "20/03/2027, 09:00". */
export function useFormatInstant(timeZone: string): (instant: string) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
    return (instant: string) => formatter.format(new Date(instant));
  }, [locale, timeZone]);
}

export function EnrollmentsTable({ data }: { data: CustomerDataExport }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  return (
    <ExportTable
      rows={data.enrollments}
      columns={[
        { label: 'dataExport.columns.plan', value: (row) => row.planName },
        {
          label: 'dataExport.columns.schedule',
          value: (row) => `${row.scheduleName} · ${row.establishmentName}`,
        },
        {
          label: 'dataExport.columns.period',
          value: (row) => `${formatDate(row.startDate)} – ${formatDate(row.endDate)}`,
        },
        { label: 'dataExport.columns.status', value: (row) => t(`enrollments.statuses.${row.status}`) },
      ]}
    />
  );
}

export function AttendanceTable({ data }: { data: CustomerDataExport }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatTimeRange = useFormatTimeRange();
  const formatInstant = useFormatInstant(data.organization.timeZone);
  return (
    <ExportTable
      rows={data.attendance}
      columns={[
        { label: 'dataExport.columns.date', value: (row) => formatDate(row.date) },
        { label: 'dataExport.columns.time', value: (row) => formatTimeRange(row.startTime, row.endTime) },
        {
          label: 'dataExport.columns.schedule',
          value: (row) => `${row.scheduleName} · ${row.establishmentName}`,
        },
        { label: 'dataExport.columns.status', value: (row) => t(`attendance.statuses.${row.status}`) },
        {
          label: 'dataExport.columns.reason',
          value: (row) => (row.reason ? t(`attendance.reasons.${row.reason}`) : ''),
        },
        {
          label: 'dataExport.columns.checkIn',
          value: (row) => (row.checkedInAt ? formatInstant(row.checkedInAt) : ''),
        },
      ]}
    />
  );
}

export function PaymentsTable({ data }: { data: CustomerDataExport }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  return (
    <ExportTable
      rows={data.payments}
      columns={[
        { label: 'dataExport.columns.date', value: (row) => formatDate(row.paidOn) },
        { label: 'dataExport.columns.plan', value: (row) => row.planName },
        {
          label: 'dataExport.columns.cycle',
          value: (row) => `${formatDate(row.cycleStart)} – ${formatDate(row.cycleEnd)}`,
        },
        {
          label: 'dataExport.columns.amount',
          value: (row) => formatMoney(row.amountCents, row.currency),
        },
        { label: 'dataExport.columns.method', value: (row) => t(`payments.methods.${row.method}`) },
        { label: 'dataExport.columns.status', value: (row) => t(`payments.statuses.${row.status}`) },
      ]}
    />
  );
}

export function MessagesTable({ data }: { data: CustomerDataExport }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(data.organization.timeZone);
  return (
    <ExportTable
      rows={data.messages}
      columns={[
        { label: 'dataExport.columns.date', value: (row) => formatInstant(row.at) },
        { label: 'dataExport.columns.kind', value: (row) => t(`events.kinds.${row.kind}`) },
        {
          label: 'dataExport.columns.channel',
          value: (row) =>
            [row.channel && t(`events.channels.${row.channel}`), t(`events.statuses.${row.status}`)]
              .filter(Boolean)
              .join(' · '),
        },
        {
          label: 'dataExport.columns.recipient',
          value: (row) => (row.channel === 'EMAIL' ? row.recipient : displayPhone(row.recipient)),
        },
        {
          label: 'dataExport.columns.message',
          value: (row) => (
            <span className="whitespace-pre-line">{[row.subject, row.body].filter(Boolean).join('\n')}</span>
          ),
        },
      ]}
    />
  );
}

export function PurchasesTable({ data }: { data: CustomerDataExport }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  return (
    <ExportTable
      rows={data.purchases}
      columns={[
        {
          label: 'dataExport.columns.plan',
          value: (row) => `${row.planName} · ${t(`purchases.kinds.${row.kind}`)}`,
        },
        {
          label: 'dataExport.columns.period',
          value: (row) => `${formatDate(row.startsOn)} – ${formatDate(row.expiresOn)}`,
        },
        {
          label: 'dataExport.columns.classes',
          value: (row) => t('purchases.balance', { left: row.classesLeft, total: row.classesTotal }),
        },
        { label: 'dataExport.columns.amount', value: (row) => formatMoney(row.priceCents, row.currency) },
        {
          label: 'dataExport.columns.status',
          value: (row) =>
            `${t(`purchases.states.${row.state}`)} · ${t(`purchases.paymentStates.${row.paymentState}`)}`,
        },
      ]}
    />
  );
}

export function PixChargesTable({ data }: { data: CustomerDataExport }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatMoney = useFormatMoney();
  const formatInstant = useFormatInstant(data.organization.timeZone);
  return (
    <ExportTable
      rows={data.pixCharges.map((charge) => ({ ...charge, id: charge.txid }))}
      columns={[
        { label: 'dataExport.columns.issued', value: (row) => formatInstant(row.createdAt) },
        { label: 'dataExport.columns.due', value: (row) => formatDate(row.dueDate) },
        // A charge's amount is in reais: the API Pix knows no other currency.
        { label: 'dataExport.columns.amount', value: (row) => formatMoney(row.amountCents, 'BRL') },
        { label: 'dataExport.columns.status', value: (row) => t(`pixCharges.statuses.${row.status}`) },
        {
          label: 'dataExport.columns.txid',
          value: (row) => <span className="break-all font-mono">{row.txid}</span>,
        },
      ]}
    />
  );
}
