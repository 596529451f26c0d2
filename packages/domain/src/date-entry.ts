import { isCalendarDate } from './customers.ts';
import type { Language } from './preferences.ts';
import { isTimeOfDay } from './time-zones.ts';

/**
 * Dates and times typed the way the app's language writes them (issue #27 item 15). A native date or time
 * input follows the BROWSER's locale, so a studio using the app in Portuguese on an English browser met
 * mm/dd/yyyy and AM/PM. The forms keep their ISO values ("2026-12-25", "19:00"); these rules turn what is
 * typed into them and back.
 */
export type EntryFormat = {
  /** The text for a form's value: a date or time as the language writes it, anything else as it is. */
  display(value: string, language: Language): string;
  /** The text as it is being typed, with its separators put in (25122026 → 25/12/2026). */
  mask(text: string, language: Language): string;
  /** The ISO value the text names, or null when it names none (yet). */
  parse(text: string, language: Language): string | null;
};

/**
 * The form's value for a text: ISO when it names one, '' when empty, otherwise the text itself — the form's
 * schema then refuses it with its own message, where dropping it would silently empty the field.
 */
export function entryValue(format: EntryFormat, text: string, language: Language): string {
  if (text.trim() === '') return '';
  return format.parse(text, language) ?? text;
}

/** One run of digits of a typed date or time, and its largest value. */
type Part = { length: number; max: number };

/** A first digit no two-digit value of the part begins with ("4" as a day, "7" as an hour) stands for "04". */
function startOf(digits: string, part: Part): string {
  const standsAlone = digits.length === 1 && part.length === 2 && Number(digits) * 10 > part.max;
  return standsAlone ? digits.padStart(2, '0') : digits;
}

/**
 * Digits into parts joined by `joiner`: a full part moves on to the next, and a separator typed after a short
 * part ends it ("5/" → "05/"). Anything else typed is left out.
 */
function maskParts(text: string, parts: readonly Part[], separator: RegExp, joiner: string): string {
  const filled = [''];
  for (const char of text) {
    const index = filled.length - 1;
    const part = parts[index];
    const current = filled[index] ?? '';
    const next = parts[index + 1];
    if (!part) break;
    if (/\d/.test(char)) {
      if (current.length < part.length) filled[index] = startOf(current + char, part);
      else if (next) filled.push(startOf(char, next));
    } else if (separator.test(char) && current !== '' && next) {
      filled[index] = current.padStart(part.length, '0');
      filled.push('');
    }
  }
  return filled.join(joiner);
}

type DatePart = 'day' | 'month' | 'year';

const DATE_ORDER: Record<Language, readonly [DatePart, DatePart, DatePart]> = {
  en_US: ['month', 'day', 'year'],
  pt_BR: ['day', 'month', 'year'],
};
const DATE_PARTS: Record<DatePart, Part> = {
  day: { length: 2, max: 31 },
  month: { length: 2, max: 12 },
  year: { length: 4, max: 9999 },
};
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

function displayDate(value: string, language: Language): string {
  const iso = ISO_DATE.exec(value);
  if (!iso || !isCalendarDate(value)) return value;
  const parts: Record<DatePart, string> = { year: iso[1] ?? '', month: iso[2] ?? '', day: iso[3] ?? '' };
  return DATE_ORDER[language].map((part) => parts[part]).join('/');
}

/** The language's order with / . or - between (as typed or pasted), or a pasted ISO date. */
function parseDate(text: string, language: Language): string | null {
  const trimmed = text.trim();
  if (isCalendarDate(trimmed)) return trimmed;
  const typed = TYPED_DATE.exec(trimmed);
  if (!typed) return null;
  const parts: Record<DatePart, string> = { day: '', month: '', year: '' };
  DATE_ORDER[language].forEach((part, index) => {
    parts[part] = (typed[index + 1] ?? '').padStart(2, '0');
  });
  const iso = `${parts.year}-${parts.month}-${parts.day}`;
  return isCalendarDate(iso) ? iso : null;
}

/** A whole date pasted in any form the field reads is shown as the language writes it. */
function maskDate(text: string, language: Language): string {
  const pasted = parseDate(text, language);
  if (pasted) return displayDate(pasted, language);
  const parts = DATE_ORDER[language].map((part) => DATE_PARTS[part]);
  return maskParts(text, parts, /[/.\-\s]/, '/');
}

export const DATE_ENTRY: EntryFormat = { display: displayDate, mask: maskDate, parse: parseDate };

const HOUR_24: Part = { length: 2, max: 23 };
const MINUTE: Part = { length: 2, max: 59 };
const TYPED_TIME_24 = /^(\d{1,2})[:.](\d{2})$/;
/** "7:30 PM", "7:30pm", "7 p.m.": the forms people write a 12-hour time in. */
const TYPED_TIME_12 = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*(?:m\.?)?$/i;

/** en_US shows times as 12-hour with AM/PM, as the app displays them there ("7:00 AM"); pt_BR as 24-hour. */
const isTwelveHour = (language: Language) => language === 'en_US';

function displayTime(value: string, language: Language): string {
  if (!isTimeOfDay(value) || !isTwelveHour(language)) return value;
  const hour = Number(value.slice(0, 2));
  return `${hour % 12 || 12}:${value.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

function parseTime(text: string, language: Language): string | null {
  const trimmed = text.trim();
  if (!isTwelveHour(language)) {
    const typed = TYPED_TIME_24.exec(trimmed);
    const time = typed ? `${(typed[1] ?? '').padStart(2, '0')}:${typed[2]}` : '';
    return isTimeOfDay(time) ? time : null;
  }
  const typed = TYPED_TIME_12.exec(trimmed);
  const hour = Number(typed?.[1]);
  if (!typed || hour < 1 || hour > 12) return null;
  const afternoon = typed[3]?.toLowerCase() === 'p' ? 12 : 0;
  const time = `${String((hour % 12) + afternoon).padStart(2, '0')}:${typed[2] ?? '00'}`;
  return isTimeOfDay(time) ? time : null;
}

/**
 * A 12-hour time as typed: the hour takes a second digit only while it stays 12 or under ("130" is 1:30,
 * "1030" is 10:30), and a typed a or p anywhere sets AM or PM.
 */
function maskTwelveHourTime(text: string): string {
  let hour = '';
  let minutes = '';
  let hasColon = false;
  let meridiem = '';
  for (const char of text) {
    if (/\d/.test(char)) {
      const takesHourDigit = hour.length === 1 && !hasColon && Number(hour) <= 1 && Number(hour + char) <= 12;
      if (hour === '' || takesHourDigit) hour += char;
      else if (minutes.length < MINUTE.length) {
        minutes = startOf(minutes + char, MINUTE);
        hasColon = true;
      }
    } else if (/[:.]/.test(char) && hour !== '') hasColon = true;
    else if (/[ap]/i.test(char)) meridiem = `${char.toUpperCase()}M`;
  }
  if (hour === '') return '';
  return `${hour}${hasColon ? `:${minutes}` : ''}${meridiem ? ` ${meridiem}` : ''}`;
}

function maskTime(text: string, language: Language): string {
  if (isTwelveHour(language)) return maskTwelveHourTime(text);
  return maskParts(text, [HOUR_24, MINUTE], /[:.\s]/, ':');
}

export const TIME_ENTRY: EntryFormat = { display: displayTime, mask: maskTime, parse: parseTime };

const SIGNIFICANT = /[\dA-Za-z]/;

/**
 * Where the caret goes in the masked text: after as many digits and letters as it followed in the typed
 * text, so an edit in the middle does not throw it to the end; typing at the end stays at the end.
 */
export function caretAfterMask(typed: string, caret: number, masked: string): number {
  if (caret >= typed.length) return masked.length;
  let remaining = [...typed.slice(0, caret)].filter((char) => SIGNIFICANT.test(char)).length;
  if (remaining === 0) return 0;
  for (const [index, char] of [...masked].entries()) {
    if (SIGNIFICANT.test(char)) remaining -= 1;
    if (remaining === 0) return index + 1;
  }
  return masked.length;
}
