import type { Language } from '@reformer/domain/preferences';
import { DAYS_OF_WEEK, type DayOfWeek } from '@reformer/domain/schedules';
import { usePreferences } from './preferences.tsx';

/**
 * The first day of the week by the user's language: Monday for pt_BR (a studio's week, Monday to
 * Saturday, as Brazilian calendars print it), Sunday for en_US. CLDR's week data would say Sunday for
 * Brazil, so this is a table, not `Intl.Locale#getWeekInfo()`.
 */
const WEEK_STARTS_ON: Record<Language, DayOfWeek> = { en_US: 0, pt_BR: 1 };

export function useWeekStartsOn(): DayOfWeek {
  return WEEK_STARTS_ON[usePreferences().language];
}

/** The seven days (0 = Sunday) in the order a week shows them. */
export function daysOfWeekFrom(weekStartsOn: DayOfWeek): DayOfWeek[] {
  return DAYS_OF_WEEK.map((offset) => ((weekStartsOn + offset) % 7) as DayOfWeek);
}
