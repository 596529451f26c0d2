import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';
import { UPCOMING_ENTRIES, type UpcomingFeature } from '../upcoming-features.ts';

/** The placeholder of spec §2 for sections whose feature has not landed yet. */
export function UnderDevelopmentPage({
  organizationId,
  feature,
}: {
  organizationId: string;
  feature: UpcomingFeature | undefined;
}) {
  const { t } = useTranslation();
  const entry = UPCOMING_ENTRIES.find((candidate) => candidate.feature === feature);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      {entry && <p className="badge badge-outline">{t(entry.label)}</p>}
      <h1 className="text-3xl font-bold">{t('underDevelopment.title')}</h1>
      <p className="text-base-content/80">{t('underDevelopment.body', { appName: env.appName })}</p>
      <Link to="/app/org/$orgId" params={{ orgId: organizationId }} className="btn btn-primary">
        {t('underDevelopment.back')}
      </Link>
    </section>
  );
}
