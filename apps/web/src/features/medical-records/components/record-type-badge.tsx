import { isLegacyRecordType, type MedicalRecordType } from '@reformer/domain/medical-records';
import { useTranslation } from 'react-i18next';

/** The record's type; a legacy one is marked as such. */
export function RecordTypeBadge({ type }: { type: MedicalRecordType }) {
  const { t } = useTranslation();
  return (
    <span
      className={`badge h-auto py-0.5 ${isLegacyRecordType(type) ? 'badge-ghost' : 'badge-soft badge-primary'}`}
    >
      {t(`medicalRecords.types.${type}`)}
    </span>
  );
}
