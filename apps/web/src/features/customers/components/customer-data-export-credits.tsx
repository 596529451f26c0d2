import type { CustomerDataExport } from '@reformer/domain/customer-data-export';
import type { MakeUpCredit } from '@reformer/domain/make-up-credit-schemas';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useFormatTime } from '@/lib/format.ts';
import { ExportTable, useFormatInstant } from './customer-data-export-tables.tsx';

type CreditSession = MakeUpCredit['canceledSession'];

/**
 * The customer's make-up credits in the export (decision 021): the class each came from, when it was earned,
 * until when it was valid, its state on the export date, and the make-up class it paid for and when.
 */
export function MakeUpCreditsTable({ data }: { data: CustomerDataExport }) {
  const { t } = useTranslation();
  const formatDate = useFormatLocalDate();
  const formatTime = useFormatTime();
  const formatInstant = useFormatInstant(data.organization.timeZone);
  const session = (value: CreditSession) =>
    `${t('makeUpCredits.customer.session', {
      schedule: value.scheduleName,
      date: formatDate(value.date),
      time: formatTime(value.startTime),
    })} · ${value.establishmentName}`;
  return (
    <ExportTable
      rows={data.makeUpCredits}
      columns={[
        {
          label: 'makeUpCredits.customer.columns.canceledClass',
          value: (row) => session(row.canceledSession),
        },
        { label: 'makeUpCredits.customer.columns.earnedAt', value: (row) => formatInstant(row.earnedAt) },
        { label: 'makeUpCredits.customer.columns.expiresOn', value: (row) => formatDate(row.expiresOn) },
        {
          label: 'makeUpCredits.customer.columns.state',
          value: (row) => t(`makeUpCredits.customer.states.${row.state}`),
        },
        {
          label: 'makeUpCredits.customer.columns.makeUpClass',
          value: (row) =>
            row.usedSession && row.usedAt
              ? `${session(row.usedSession)} · ${t('makeUpCredits.customer.usedOn', { date: formatInstant(row.usedAt) })}`
              : t('makeUpCredits.customer.notUsed'),
        },
      ]}
    />
  );
}
