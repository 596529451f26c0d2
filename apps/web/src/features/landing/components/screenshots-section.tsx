import { parseLanguage } from '@reformer/domain/preferences';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';
import { SCREENSHOT_SIZE, SCREENSHOT_WIDTHS, SCREENSHOTS, screenshotPath } from '../screenshots.ts';

/**
 * Real screens of the app, in the page's language. Below the fold, lazy and sized in the markup, so they
 * neither delay the first paint nor shift the page as they arrive.
 */
export function ScreenshotsSection() {
  const { t, i18n } = useTranslation();
  const language = parseLanguage(i18n.language);
  return (
    <section id="screenshots" aria-labelledby="screenshots-title" className="scroll-mt-4">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="screenshots-title" className="mb-3 text-3xl font-bold">
          {t('public.home.screenshots.title', { appName: env.appName })}
        </h2>
        <p className="mb-10 max-w-prose text-lg">{t('public.home.screenshots.subtitle')}</p>
        <ul className="grid gap-8 lg:grid-cols-2">
          {SCREENSHOTS.map((id) => (
            <li key={id}>
              <figure className="flex flex-col gap-3">
                <img
                  src={screenshotPath(id, language, SCREENSHOT_SIZE.width)}
                  srcSet={SCREENSHOT_WIDTHS.map(
                    (width) => `${screenshotPath(id, language, width)} ${width}w`,
                  ).join(', ')}
                  sizes="(min-width: 1152px) 544px, (min-width: 1024px) 46vw, calc(100vw - 2rem)"
                  width={SCREENSHOT_SIZE.width}
                  height={SCREENSHOT_SIZE.height}
                  loading="lazy"
                  decoding="async"
                  alt={t(`public.home.screenshots.items.${id}.alt`)}
                  className="h-auto w-full rounded-box border border-base-300 shadow-md"
                  data-testid="product-screenshot"
                />
                <figcaption>{t(`public.home.screenshots.items.${id}.caption`)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
