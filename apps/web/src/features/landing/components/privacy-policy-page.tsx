import { useTranslation } from 'react-i18next';
import { env } from '../../../env.ts';

/** Retention periods and commitments of spec doc 2 §9. */
const RETENTION = ['account', 'health', 'payments', 'logs', 'recordings'] as const;

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t('public.privacy.title')}</h1>
      <p className="mb-6">{t('public.privacy.intro', { appName: env.appName })}</p>
      <h2 className="mb-2 text-xl font-semibold">{t('public.privacy.collectTitle')}</h2>
      <p className="mb-6">{t('public.privacy.collect')}</p>
      <h2 className="mb-2 text-xl font-semibold">{t('public.privacy.retentionTitle')}</h2>
      <ul className="mb-6 list-disc space-y-1 pl-5">
        {RETENTION.map((item) => (
          <li key={item}>{t(`public.privacy.retention.${item}`)}</li>
        ))}
      </ul>
      <h2 className="mb-2 text-xl font-semibold">{t('public.privacy.breachTitle')}</h2>
      <p className="mb-6">{t('public.privacy.breach')}</p>
      <h2 className="mb-2 text-xl font-semibold">{t('public.privacy.childrenTitle')}</h2>
      <p>{t('public.privacy.children')}</p>
    </article>
  );
}
