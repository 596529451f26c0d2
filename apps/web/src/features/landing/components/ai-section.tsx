import {
  BEFORE_WEEKS,
  CHURN_RISK_POINTS,
  ENROLLMENT_ENDING_DAYS,
  MAKE_UP_CREDITS_PILING_UP,
  RECENT_WEEKS,
} from '@reformer/domain/churn-risk';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';

/**
 * The spec's AI section, for what the product has: the churn-risk score (apps/server/src/modules/churn-risk,
 * decision 022). Its reasons and points are the domain's own constants, so the page cannot drift from the
 * score. The public pages ship no JavaScript of theirs, so the domain module costs the visitor nothing.
 */
const REASONS = [
  {
    id: 'attendanceFalling',
    values: {
      recentWeeks: RECENT_WEEKS,
      beforeWeeks: BEFORE_WEEKS,
      points: CHURN_RISK_POINTS.attendanceFalling,
    },
  },
  {
    id: 'paymentsOverdue',
    values: {
      perCycle: CHURN_RISK_POINTS.paymentsOverduePerCycle,
      points: CHURN_RISK_POINTS.paymentsOverdueMax,
    },
  },
  {
    id: 'enrollmentEnding',
    values: { days: ENROLLMENT_ENDING_DAYS, points: CHURN_RISK_POINTS.enrollmentEnding },
  },
  {
    id: 'makeUpCreditsPilingUp',
    values: { count: MAKE_UP_CREDITS_PILING_UP, points: CHURN_RISK_POINTS.makeUpCreditsPilingUp },
  },
] as const;

export function AiSection() {
  const { t } = useTranslation();
  const appName = env.appName;
  return (
    <section id="ai" aria-labelledby="ai-title" className="scroll-mt-4 bg-base-200">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <p className="badge badge-outline mb-3">{t('public.home.ai.badge')}</p>
        <h2 id="ai-title" className="mb-3 text-3xl font-bold">
          {t('public.home.ai.title')}
        </h2>
        <p className="mb-8 max-w-prose text-lg">{t('public.home.ai.intro', { appName })}</p>
        <ul className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {REASONS.map(({ id, values }) => (
            <li key={id} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
              <h3 className="mb-2 font-semibold">{t(`public.home.ai.items.${id}.title`)}</h3>
              <p>{t(`public.home.ai.items.${id}.text`, values)}</p>
            </li>
          ))}
        </ul>
        <p className="max-w-prose">{t('public.home.ai.note', { appName })}</p>
      </div>
    </section>
  );
}
