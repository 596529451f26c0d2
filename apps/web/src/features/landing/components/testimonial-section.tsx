import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';

/**
 * The spec's testimonial section. Reformer has no customer quotes to show yet, and inventing one would be
 * a false claim, so the quote is the team's own, signed as such.
 */
export function TestimonialSection() {
  const { t } = useTranslation();
  const appName = env.appName;
  return (
    <section aria-labelledby="testimonial-title">
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h2 id="testimonial-title" className="mb-6 text-3xl font-bold">
          {t('public.home.testimonial.title', { appName })}
        </h2>
        <figure>
          <blockquote className="text-xl leading-relaxed italic">
            <p>“{t('public.home.testimonial.quote', { appName })}”</p>
          </blockquote>
          <figcaption className="mt-4 font-semibold">
            — {t('public.home.testimonial.author', { appName })}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
