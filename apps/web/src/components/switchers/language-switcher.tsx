import { LANGUAGES, parseLanguage } from '@reformer/domain/preferences';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/lib/preferences.tsx';
import { useIsHydrated } from '@/lib/use-is-hydrated.ts';

/** A <select> labelled "Language" (end-to-end tests drive it by its label). */
export function LanguageSwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const { language, setLanguage } = usePreferences();
  const id = useId();
  const isHydrated = useIsHydrated();
  return (
    <div className={showLabel ? 'flex flex-col gap-1' : 'flex items-center gap-2'}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>
        {t('preferences.language')}
      </label>
      <select
        id={id}
        className={`select select-sm ${showLabel ? 'w-full' : 'w-auto'}`}
        disabled={!isHydrated}
        value={language}
        onChange={(event) => setLanguage(parseLanguage(event.target.value))}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option}>
            {t(`preferences.languages.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
