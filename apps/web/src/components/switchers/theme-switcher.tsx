import { parseTheme, THEMES } from '@reformer/domain/preferences';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/lib/preferences.tsx';
import { useIsHydrated } from '@/lib/use-is-hydrated.ts';

/** A <select> labelled "Theme" with the 29 daisyUI themes of the spec. */
export function ThemeSwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const { theme, setTheme } = usePreferences();
  const id = useId();
  const isHydrated = useIsHydrated();
  return (
    <div className={showLabel ? 'flex flex-col gap-1' : 'flex items-center gap-2'}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>
        {t('preferences.theme')}
      </label>
      <select
        id={id}
        className={`select select-sm ${showLabel ? 'w-full' : 'w-auto'}`}
        disabled={!isHydrated}
        value={theme}
        onChange={(event) => setTheme(parseTheme(event.target.value))}
      >
        {THEMES.map((option) => (
          <option key={option} value={option}>
            {t(`themes.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
