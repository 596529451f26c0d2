import type { CustomerDataExport } from '@reformer/domain/customer-data-export';
import { useTranslation } from 'react-i18next';
import { ExportTable, useFormatInstant } from './customer-data-export-tables.tsx';

/**
 * The contract in the export (decisions 021, 043): each signature with its evidence and the text signed, and
 * every consent answer the customer gave.
 */
export function ContractExportTables({ data }: { data: CustomerDataExport }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(data.organization.timeZone);
  const { signatures, consentHistory } = data.contract;
  return (
    <>
      <ExportTable
        rows={signatures}
        columns={[
          { label: 'contracts.evidence.version', value: (row) => row.versionNumber },
          { label: 'contracts.evidence.signedAt', value: (row) => formatInstant(row.signedAt) },
          { label: 'contracts.evidence.signer', value: (row) => `${row.signerName} · ${row.signerCpf}` },
          { label: 'contracts.evidence.ipAddress', value: (row) => `${row.ipAddress} · ${row.userAgent}` },
          { label: 'contracts.evidence.sha256', value: (row) => row.textSha256 },
          {
            label: 'contracts.evidence.withdrawnAt',
            value: (row) => (row.withdrawal ? formatInstant(row.withdrawal.withdrawnAt) : '—'),
          },
          {
            label: 'contracts.evidence.text',
            value: (row) => <span className="whitespace-pre-line">{row.versionText}</span>,
          },
        ]}
      />
      <ExportTable
        rows={consentHistory}
        columns={[
          { label: 'contracts.consents.when', value: (row) => formatInstant(row.at) },
          { label: 'contracts.consents.title', value: (row) => t(`contracts.consents.kinds.${row.kind}`) },
          {
            label: 'contracts.consents.answer',
            value: (row) => t(row.isGiven ? 'contracts.consents.given' : 'contracts.consents.refused'),
          },
          { label: 'contracts.evidence.ipAddress', value: (row) => row.ipAddress },
        ]}
      />
    </>
  );
}
