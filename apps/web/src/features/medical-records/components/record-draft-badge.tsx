import { useTranslation } from 'react-i18next';

/** A customer's questionnaire from the portal that no member has accepted yet (decision 044). */
export function RecordDraftBadge({ isDraft }: { isDraft: boolean }) {
  const { t } = useTranslation();
  if (!isDraft) return null;
  return (
    <span className="badge badge-warning h-auto py-0.5" data-testid="record-draft-badge">
      {t('medicalRecords.draft.badge')}
    </span>
  );
}
