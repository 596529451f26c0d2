import { addDays, addMonths, firstOfMonth, startOfWeek } from '@reformer/domain/calendar-dates';
import { todayIso } from '@reformer/domain/customers';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatLocalDate, useLocaleTag } from '@/lib/format.ts';
import { daysOfWeekFrom, useWeekStartsOn } from '@/lib/week-start.ts';

type MonthCalendarProps = {
  /** The chosen date, or null: the calendar then opens on today. */
  value: string | null;
  /** Days before it are shown but cannot be chosen. */
  min?: string | undefined;
  onPick: (date: string) => void;
};

/** Six weeks always, so the popover keeps its size (and place) from month to month. */
const WEEKS = [0, 1, 2, 3, 4, 5] as const;

/** The keys that move the focused day, as in a date picker of the ARIA practices guide. */
function movedBy(key: string, day: string, isShift: boolean, weekStart: string): string | null {
  if (key === 'ArrowLeft') return addDays(day, -1);
  if (key === 'ArrowRight') return addDays(day, 1);
  if (key === 'ArrowUp') return addDays(day, -7);
  if (key === 'ArrowDown') return addDays(day, 7);
  if (key === 'Home') return weekStart;
  if (key === 'End') return addDays(weekStart, 6);
  if (key === 'PageUp') return addMonths(day, isShift ? -12 : -1);
  if (key === 'PageDown') return addMonths(day, isShift ? 12 : 1);
  return null;
}

/**
 * A month of days in the app's language, its week starting on the language's first day; the arrow keys,
 * Home/End and Page Up/Down move between days, Enter or a click chooses one.
 */
export function MonthCalendar({ value, min, onPick }: MonthCalendarProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const weekStartsOn = useWeekStartsOn();
  const formatMonth = useFormatLocalDate('monthYear');
  const formatDay = useFormatLocalDate('full');
  const weekdays = useWeekdayNames();
  const today = todayIso();
  const [focused, setFocused] = useState(value ?? today);
  const focusedRef = useRef<HTMLButtonElement>(null);
  // The focused day takes focus on opening and as the keys move it; the month buttons keep theirs.
  const isKeyboardMove = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref's button changes with `focused`
  useEffect(() => {
    if (isKeyboardMove.current) focusedRef.current?.focus();
  }, [focused]);

  const monthStart = firstOfMonth(focused);
  const gridStart = startOfWeek(monthStart, weekStartsOn);
  const month = monthStart.slice(0, 7);
  const showMonth = (months: number) => {
    isKeyboardMove.current = false;
    setFocused(addMonths(focused, months));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = movedBy(event.key, focused, event.shiftKey, startOfWeek(focused, weekStartsOn));
    if (next === null) return;
    event.preventDefault();
    isKeyboardMove.current = true;
    setFocused(next);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          aria-label={t('forms.dateEntry.previousMonth')}
          onClick={() => showMonth(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p id={titleId} className="font-medium" aria-live="polite">
          {formatMonth(monthStart)}
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          aria-label={t('forms.dateEntry.nextMonth')}
          onClick={() => showMonth(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table className="border-separate border-spacing-0.5" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" className="text-xs font-medium">
                <span aria-hidden="true">{weekday.short}</span>
                <span className="sr-only">{weekday.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WEEKS.map((week) => (
            <tr key={week}>
              {[0, 1, 2, 3, 4, 5, 6].map((weekday) => {
                const day = addDays(gridStart, week * 7 + weekday);
                if (!day.startsWith(month)) return <td key={day} />;
                const isFocused = day === focused;
                const isChosen = day === value;
                const isBeforeMin = min !== undefined && day < min;
                return (
                  <td key={day}>
                    <button
                      ref={isFocused ? focusedRef : undefined}
                      type="button"
                      tabIndex={isFocused ? 0 : -1}
                      className={`btn btn-sm btn-square aria-disabled:opacity-40 ${isChosen ? 'btn-primary' : 'btn-ghost'} ${day === today && !isChosen ? 'border-base-content/60' : ''}`}
                      aria-label={formatDay(day)}
                      aria-pressed={isChosen}
                      aria-current={day === today ? 'date' : undefined}
                      aria-disabled={isBeforeMin || undefined}
                      onClick={() => {
                        if (!isBeforeMin) onPick(day);
                      }}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The seven days' names in the calendar's order: a letter or two to show, the whole name to hear. */
function useWeekdayNames(): { short: string; long: string }[] {
  const locale = useLocaleTag();
  const weekStartsOn = useWeekStartsOn();
  return useMemo(() => {
    const short = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    // 4 January 1970 was a Sunday: day n of the week is n days after it.
    return daysOfWeekFrom(weekStartsOn).map((day) => {
      const instant = Date.UTC(1970, 0, 4 + day);
      return { short: short.format(instant), long: long.format(instant) };
    });
  }, [locale, weekStartsOn]);
}
