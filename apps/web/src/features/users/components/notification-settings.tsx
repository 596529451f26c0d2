import { useTranslation } from 'react-i18next';
import { LanguagePicker, ThemePicker } from './preference-pickers.tsx';

/**
 * Preferences that exist today (language, theme) and an honest word on email notifications, which come
 * with the events feature.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="preferences-title" className="flex flex-col gap-3">
        <h2 id="preferences-title" className="text-lg font-semibold">
          {t('userSettings.notifications.preferencesTitle')}
        </h2>
        <p className="text-sm text-base-content/70">{t('userSettings.notifications.preferencesHint')}</p>
        <LanguagePicker />
        <ThemePicker />
      </section>
      <section aria-labelledby="email-notifications-title" className="flex flex-col gap-2">
        <h2 id="email-notifications-title" className="text-lg font-semibold">
          {t('userSettings.notifications.emailTitle')}
        </h2>
        <p role="note" className="alert">
          {t('userSettings.notifications.emailNote')}
        </p>
      </section>
    </div>
  );
}
