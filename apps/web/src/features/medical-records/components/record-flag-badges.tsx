import type { RecordFlag } from '@reformer/domain/medical-records-flags';
import { useTranslation } from 'react-i18next';
import { isPositiveFlag } from '../record-flags.ts';

/** Values past a clinical threshold, named with their side when paired; a praise (a strong plank) in another colour than a warning. */
export function RecordFlagBadges({ flags }: { flags: RecordFlag[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('medicalRecords.flagged')}>
      {flags.map((flag) => (
        <li
          key={`${flag.path}-${flag.code}`}
          data-flag={flag.code}
          className={`badge h-auto py-0.5 text-left ${isPositiveFlag(flag) ? 'badge-success' : 'badge-warning'}`}
        >
          {flag.side
            ? t(`medicalRecords.flagSides.${flag.side}`, { finding: t(`medicalRecords.flags.${flag.code}`) })
            : t(`medicalRecords.flags.${flag.code}`)}
        </li>
      ))}
    </ul>
  );
}
