import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';
import { PRIVACY_CONTACT_EMAIL } from '../privacy-contact.ts';

const COLLECTED = ['account', 'clients', 'health', 'payments', 'technical', 'browser'] as const;
/** Spec doc 2 §9, word for word in meaning: these periods are commitments. */
const RETENTION = ['account', 'health', 'payments', 'logs', 'recordings'] as const;
/** LGPD art. 18, items I–IX (VI is folded into deletion, VIII into consent). */
const RIGHTS = [
  'confirmation',
  'access',
  'correction',
  'anonymisation',
  'portability',
  'sharing',
  'consent',
] as const;

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const appName = env.appName;
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-12">
      <header>
        <h1 className="mb-4 text-4xl font-bold">{t('public.privacy.title')}</h1>
        <p className="text-lg">{t('public.privacy.intro', { appName })}</p>
      </header>
      <PolicySection id="roles" title={t('public.privacy.rolesTitle')}>
        <p>{t('public.privacy.roles', { appName })}</p>
      </PolicySection>
      <PolicySection id="collect" title={t('public.privacy.collectTitle')}>
        <ul className="list-disc space-y-2 pl-5">
          {COLLECTED.map((item) => (
            <li key={item}>{t(`public.privacy.collect.${item}`)}</li>
          ))}
        </ul>
      </PolicySection>
      <PolicySection id="purposes" title={t('public.privacy.purposesTitle')}>
        <p>{t('public.privacy.purposes')}</p>
      </PolicySection>
      <PolicySection id="sharing" title={t('public.privacy.sharingTitle')}>
        <p>{t('public.privacy.sharing')}</p>
      </PolicySection>
      <PolicySection id="retention" title={t('public.privacy.retentionTitle')}>
        <ul className="mb-3 list-disc space-y-1 pl-5">
          {RETENTION.map((item) => (
            <li key={item}>{t(`public.privacy.retention.${item}`)}</li>
          ))}
        </ul>
        <p>{t('public.privacy.retentionAfter')}</p>
      </PolicySection>
      <PolicySection id="security" title={t('public.privacy.securityTitle')}>
        <p>{t('public.privacy.security')}</p>
      </PolicySection>
      <PolicySection id="breach" title={t('public.privacy.breachTitle')}>
        <p>{t('public.privacy.breach')}</p>
      </PolicySection>
      <PolicySection id="rights" title={t('public.privacy.rightsTitle')}>
        <p className="mb-2">{t('public.privacy.rightsIntro')}</p>
        <ul className="list-disc space-y-1 pl-5">
          {RIGHTS.map((right) => (
            <li key={right}>{t(`public.privacy.rights.${right}`)}</li>
          ))}
        </ul>
      </PolicySection>
      <PolicySection id="exercise" title={t('public.privacy.exerciseTitle', { appName })}>
        <div className="flex flex-col gap-3">
          <p>{t('public.privacy.exercise.clients', { appName })}</p>
          <p>{t('public.privacy.exercise.users', { appName })}</p>
          <p>
            {t('public.privacy.exercise.contact')}{' '}
            <a href={`mailto:${PRIVACY_CONTACT_EMAIL}`} className="link font-medium">
              {PRIVACY_CONTACT_EMAIL}
            </a>
          </p>
          <p>{t('public.privacy.exercise.response')}</p>
          <p>{t('public.privacy.exercise.anpd')}</p>
        </div>
      </PolicySection>
      <PolicySection id="children" title={t('public.privacy.childrenTitle')}>
        <p>{t('public.privacy.children')}</p>
      </PolicySection>
      <PolicySection id="changes" title={t('public.privacy.changesTitle')}>
        <p>{t('public.privacy.changes')}</p>
      </PolicySection>
    </article>
  );
}

function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4">
      <h2 id={`${id}-title`} className="mb-2 text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
