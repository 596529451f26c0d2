import { useTranslation } from 'react-i18next';
import { env } from '../../../env.ts';

export function AboutPage() {
  const { t } = useTranslation();
  const appName = env.appName;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t('public.about.title', { appName })}</h1>
      <p className="mb-6">{t('public.about.intro', { appName })}</p>
      <h2 className="mb-2 text-xl font-semibold">{t('public.about.whoTitle')}</h2>
      <p className="mb-6">{t('public.about.who', { appName })}</p>
      <h2 className="mb-2 text-xl font-semibold">{t('public.about.howTitle')}</h2>
      <p>{t('public.about.how')}</p>
    </article>
  );
}
