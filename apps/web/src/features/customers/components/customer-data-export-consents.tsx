import type { CustomerDataExport } from '@reformer/domain/customer-data-export';
import { useTranslation } from 'react-i18next';
import { ExportTable, useFormatInstant } from './customer-data-export-tables.tsx';

/**
 * The consents the export carries besides the contract's (decision 053): the WhatsApp opt-in with its source,
 * time and Meta's id of the number, and each consent to process health data with its evidence (decision 044).
 */
export function ConsentExportTables({ data }: { data: CustomerDataExport }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(data.organization.timeZone);
  const { whatsappConsent } = data;
  const answer = whatsappConsent.isOptedIn === null ? 'notAsked' : whatsappConsent.isOptedIn ? 'yes' : 'no';
  return (
    <>
      <h3 className="font-semibold">{t('dataExport.whatsapp.title')}</h3>
      <ExportTable
        rows={[{ id: 'whatsapp', ...whatsappConsent }]}
        columns={[
          { label: 'dataExport.whatsapp.answer', value: () => t(`dataExport.whatsapp.answers.${answer}`) },
          {
            label: 'dataExport.whatsapp.source',
            value: (row) => (row.source ? t(`dataExport.whatsapp.sources.${row.source}`) : '—'),
          },
          {
            label: 'dataExport.whatsapp.changedAt',
            value: (row) => (row.changedAt ? formatInstant(row.changedAt) : '—'),
          },
          { label: 'dataExport.whatsapp.waId', value: (row) => row.waId ?? '—' },
        ]}
      />
      <h3 className="font-semibold">{t('dataExport.healthDataConsents.title')}</h3>
      <ExportTable
        rows={data.healthDataConsents.map((consent, index) => ({ id: String(index), ...consent }))}
        columns={[
          { label: 'contracts.consents.when', value: (row) => formatInstant(row.consentedAt) },
          { label: 'dataExport.healthDataConsents.language', value: (row) => row.language },
          { label: 'contracts.evidence.sha256', value: (row) => row.textSha256 },
          { label: 'contracts.evidence.ipAddress', value: (row) => `${row.ipAddress} · ${row.userAgent}` },
        ]}
      />
    </>
  );
}
