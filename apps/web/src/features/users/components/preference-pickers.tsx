import { LANGUAGES, THEMES } from '@reformer/domain/preferences';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/lib/preferences.tsx';

/**
 * The settings-page versions of the navbar switchers: radio groups introduced by a heading, so every page
 * keeps exactly one control labelled "Language" and one labelled "Theme" (the navbar's).
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  const headingId = useId();
  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        {t('preferences.language')}
      </h3>
      <div role="radiogroup" aria-describedby={headingId} className="flex flex-col gap-2">
        {LANGUAGES.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="language-preference"
              className="radio radio-sm"
              checked={language === option}
              onChange={() => setLanguage(option)}
            />
            {t(`preferences.languages.${option}`)}
          </label>
        ))}
      </div>
    </div>
  );
}

/** Each choice is drawn in its own theme (daisyUI themes nest), so people see what they pick. */
export function ThemePicker() {
  const { t } = useTranslation();
  const { theme, setTheme } = usePreferences();
  const headingId = useId();
  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        {t('preferences.theme')}
      </h3>
      <div
        role="radiogroup"
        aria-describedby={headingId}
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4"
      >
        {THEMES.map((option) => (
          <label
            key={option}
            data-theme={option}
            className={`flex cursor-pointer items-center gap-2 rounded-box border bg-base-100 p-2 text-base-content ${
              theme === option ? 'border-primary ring-2 ring-primary' : 'border-base-300'
            }`}
          >
            <input
              type="radio"
              name="theme-preference"
              className="radio radio-xs radio-primary"
              checked={theme === option}
              onChange={() => setTheme(option)}
            />
            <span className="flex-1 truncate text-sm">{t(`themes.${option}`)}</span>
            <span className="flex gap-0.5" aria-hidden="true">
              <span className="h-3 w-1.5 rounded-sm bg-primary" />
              <span className="h-3 w-1.5 rounded-sm bg-secondary" />
              <span className="h-3 w-1.5 rounded-sm bg-accent" />
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
