import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/ui/settings-card.tsx';

/** Settings → General, for owners: the way to the install's backups (the screen says if they may not see them). */
export function BackupsLinkCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  return (
    <SettingsCard id="backups-link" title={t('backups.title')} description={t('backups.linkDescription')}>
      <div>
        <Link to="/app/org/$orgId/settings/backups" params={{ orgId: organizationId }} className="btn btn-sm">
          {t('backups.open')}
        </Link>
      </div>
    </SettingsCard>
  );
}
