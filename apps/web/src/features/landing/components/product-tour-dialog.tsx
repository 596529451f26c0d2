import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';

/** What "Watch demo" shows: a step-by-step tour of what the product does, ending at sign-up. */
export const TOUR_STEPS = [
  'account',
  'team',
  'customers',
  'schedules',
  'enrollments',
  'payments',
  'records',
  'dashboard',
] as const;

/**
 * A native modal <dialog> (focus trap, Escape and backdrop close for free), pre-rendered with every step; the
 * page's script (src/public-site/islands/product-tour.ts) opens it and shows one step at a time.
 */
export function ProductTourDialog() {
  const { t } = useTranslation();
  const titleId = useId();
  const total = TOUR_STEPS.length;
  const progress = (step: number) => t('public.home.tour.progress', { step, total });
  return (
    <dialog className="modal" aria-labelledby={titleId} data-tour>
      <div className="modal-box text-start">
        <h2 id={titleId} className="mb-4 text-xl font-bold">
          {t('public.home.tour.title')}
        </h2>
        <p className="mb-4">{t('public.home.tour.intro', { appName: env.appName })}</p>
        <progress
          className="progress progress-primary mb-2 w-full"
          value={1}
          max={total}
          aria-label={progress(1)}
          data-tour-progress
        />
        <div aria-live="polite" className="min-h-40">
          {TOUR_STEPS.map((step, index) => (
            <div key={step} hidden={index > 0} data-tour-step={progress(index + 1)}>
              <p className="mb-2 text-sm font-medium">{progress(index + 1)}</p>
              <h3 className="mb-2 text-lg font-semibold">{t(`public.home.tour.steps.${step}.title`)}</h3>
              <p>{t(`public.home.tour.steps.${step}.text`)}</p>
            </div>
          ))}
        </div>
        <div className="modal-action flex-wrap">
          <button type="button" className="btn btn-ghost" data-tour-close>
            {t('public.home.tour.close')}
          </button>
          <button type="button" className="btn btn-outline" hidden data-tour-back>
            {t('public.home.tour.back')}
          </button>
          <button type="button" className="btn btn-primary" data-tour-next>
            {t('public.home.tour.next')}
          </button>
          <a href="/sign-up" className="btn btn-primary" hidden data-tour-finish>
            {t('public.home.hero.startTrial')}
          </a>
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          {t('common.close')}
        </button>
      </form>
    </dialog>
  );
}
