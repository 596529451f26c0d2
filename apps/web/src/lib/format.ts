import { type Currency, formatMoney } from '@reformer/domain/money-text';
import { languageTag } from '@reformer/domain/preferences';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from './preferences.tsx';

/** The BCP 47 tag of the user's language ("en-US", "pt-BR") for Intl. */
export function useLocaleTag(): string {
  return languageTag(usePreferences().language);
}

/** Money in the user's locale: R$ 1.234,56 in pt_BR, R$1,234.56 or $1,234.56 in en_US. */
export function useFormatMoney(): (cents: number, currency: Currency) => string {
  const locale = useLocaleTag();
  return useCallback((cents: number, currency: Currency) => formatMoney(cents, currency, locale), [locale]);
}

/** A measure in the user's locale: 26,8 in pt_BR, 26.8 in en_US (up to two decimals, as typed). */
export function useFormatNumber(): (value: number) => string {
  const locale = useLocaleTag();
  const format = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }), [locale]);
  return useCallback((value: number) => format.format(value), [format]);
}

/** Dates in the user's language (e.g. "Nov 22, 2026" / "22 de nov. de 2026"). */
export function useFormatDate(): (isoDate: string) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    return (isoDate: string) => {
      const date = new Date(isoDate);
      return Number.isNaN(date.getTime()) ? isoDate : formatter.format(date);
    };
  }, [locale]);
}

const LOCAL_DATE_STYLES = {
  /** "Mar 2, 2026" / "2 de mar. de 2026" */
  medium: { dateStyle: 'medium' },
  /** "Monday, March 2, 2026" / "segunda-feira, 2 de março de 2026" */
  full: { dateStyle: 'full' },
  /** "Mon, Mar 2" / "seg., 2 de mar." */
  weekday: { weekday: 'short', day: 'numeric', month: 'short' },
  /** "March 2026" / "março de 2026" */
  monthYear: { month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A calendar date "YYYY-MM-DD" (a session's local date) in the user's language. It is formatted in UTC,
 * where that date begins, so the device's own zone can never shift it to the day before.
 */
export function useFormatLocalDate(
  style: keyof typeof LOCAL_DATE_STYLES = 'medium',
): (date: string) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(locale, { ...LOCAL_DATE_STYLES[style], timeZone: 'UTC' });
    return (date: string) => {
      const [year, month, day] = date.split('-').map(Number);
      const utc = Date.UTC(year ?? Number.NaN, (month ?? Number.NaN) - 1, day);
      return Number.isNaN(utc) ? date : formatter.format(utc);
    };
  }, [locale, style]);
}

/** A wall-clock time "HH:mm" in the user's language: "7:00 AM" / "07:00". */
export function useFormatTime(): (time: string) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
    return (time: string) => {
      const [hours, minutes] = time.split(':').map(Number);
      const utc = Date.UTC(1970, 0, 1, hours, minutes);
      return Number.isNaN(utc) ? time : formatter.format(utc);
    };
  }, [locale]);
}

/** Spec §3: a time range is shown as 'start - end', each time in the user's language. */
export function useFormatTimeRange(): (start: string, end: string) => string {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return useCallback(
    (start: string, end: string) =>
      t('schedules.display.timeRange', { start: formatTime(start), end: formatTime(end) }),
    [t, formatTime],
  );
}

/** The date and wall-clock time of an instant in a given zone (the organization's): an audit entry's. */
export function useFormatInstant(timeZone: string): (instant: string) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    return (instant: string) => {
      const date = new Date(instant);
      return Number.isNaN(date.getTime()) ? instant : formatter.format(date);
    };
  }, [locale, timeZone]);
}

/** The wall-clock time of an instant in a given zone (the organization's): a check-in's time. */
export function useFormatInstantTime(timeZone: string): (instant: string) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
    return (instant: string) => {
      const date = new Date(instant);
      return Number.isNaN(date.getTime()) ? instant : formatter.format(date);
    };
  }, [locale, timeZone]);
}
