import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { env } from '../../../env.ts';

/** What "Watch demo" shows: a step-by-step tour of what exists today, then what comes next. */
const TOUR_STEPS = ['account', 'team', 'customers', 'plans', 'privacy', 'next'] as const;

export function ProductTourDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const step = TOUR_STEPS[index] ?? TOUR_STEPS[0];
  const isLast = index === TOUR_STEPS.length - 1;
  const close = () => {
    setIndex(0);
    onClose();
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('public.home.tour.title')}>
      <p className="mb-4">{t('public.home.tour.intro', { appName: env.appName })}</p>
      <progress
        className="progress progress-primary mb-2 w-full"
        value={index + 1}
        max={TOUR_STEPS.length}
        aria-label={t('public.home.tour.progress', { step: index + 1, total: TOUR_STEPS.length })}
      />
      <div aria-live="polite" className="min-h-40">
        <p className="mb-2 text-sm font-medium">
          {t('public.home.tour.progress', { step: index + 1, total: TOUR_STEPS.length })}
        </p>
        <h3 className="mb-2 text-lg font-semibold">{t(`public.home.tour.steps.${step}.title`)}</h3>
        <p>{t(`public.home.tour.steps.${step}.text`)}</p>
      </div>
      <div className="modal-action flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={close}>
          {t('public.home.tour.close')}
        </button>
        {index > 0 && (
          <button type="button" className="btn btn-outline" onClick={() => setIndex(index - 1)}>
            {t('public.home.tour.back')}
          </button>
        )}
        {isLast ? (
          <a href="/sign-up" className="btn btn-primary">
            {t('public.home.hero.startTrial')}
          </a>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => setIndex(index + 1)}>
            {t('public.home.tour.next')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
