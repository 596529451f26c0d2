import { describe, expect, it } from 'vitest';
import { caretAfterMask, DATE_ENTRY, entryValue, TIME_ENTRY } from './date-entry.ts';
import enUS from './i18n/en_US.json' with { type: 'json' };
import ptBR from './i18n/pt_BR.json' with { type: 'json' };

/** What the field shows after each character is typed into it, one at a time, from empty. */
function typeInto(mask: (text: string) => string, keys: string): string {
  let text = '';
  for (const key of keys) text = mask(text + key);
  return text;
}

describe('date entry', () => {
  it('shows an ISO date as each language writes it, and anything else as it is', () => {
    expect(DATE_ENTRY.display('2026-12-25', 'pt_BR')).toBe('25/12/2026');
    expect(DATE_ENTRY.display('2026-12-25', 'en_US')).toBe('12/25/2026');
    expect(DATE_ENTRY.display('2026-02-30', 'pt_BR')).toBe('2026-02-30');
    expect(DATE_ENTRY.display('25/12/20', 'pt_BR')).toBe('25/12/20');
    expect(DATE_ENTRY.display('', 'en_US')).toBe('');
  });

  it.each([
    ['pt_BR', '25/12/2026', '2026-12-25'],
    ['pt_BR', '5/3/2026', '2026-03-05'],
    ['pt_BR', '05.03.2026', '2026-03-05'],
    ['pt_BR', ' 29/02/2028 ', '2028-02-29'],
    ['en_US', '12/25/2026', '2026-12-25'],
    ['en_US', '3/5/2026', '2026-03-05'],
    ['en_US', '2026-12-25', '2026-12-25'],
    ['pt_BR', '2026-12-25', '2026-12-25'],
  ] as const)('reads %s "%s" as %s', (language, typed, iso) => {
    expect(DATE_ENTRY.parse(typed, language)).toBe(iso);
  });

  it.each([
    ['pt_BR', '12/25/2026'],
    ['en_US', '25/12/2026'],
    ['pt_BR', '31/02/2026'],
    ['pt_BR', '29/02/2027'],
    ['pt_BR', '25/12/26'],
    ['pt_BR', '25/12'],
    ['pt_BR', '01/01/1899'],
    ['en_US', '2026-02-31'],
    ['en_US', 'tomorrow'],
  ] as const)('reads no date in %s "%s"', (language, typed) => {
    expect(DATE_ENTRY.parse(typed, language)).toBeNull();
  });

  it('puts the separators in as the digits are typed', () => {
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'pt_BR'), '25122026')).toBe('25/12/2026');
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'en_US'), '12252026')).toBe('12/25/2026');
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'pt_BR'), '251')).toBe('25/1');
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'pt_BR'), '25')).toBe('25');
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'pt_BR'), '2512202699')).toBe('25/12/2026');
  });

  it('completes a part whose first digit can only stand alone, and one ended by a separator', () => {
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'pt_BR'), '4')).toBe('04');
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'pt_BR'), '432026')).toBe('04/03/2026');
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'en_US'), '342026')).toBe('03/04/2026');
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'pt_BR'), '1/2/2026')).toBe('01/02/2026');
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'pt_BR'), '12/')).toBe('12/');
    expect(typeInto((text) => DATE_ENTRY.mask(text, 'pt_BR'), '12//x')).toBe('12/');
  });

  it('shows a whole pasted date the way the language writes it', () => {
    expect(DATE_ENTRY.mask('2026-12-25', 'pt_BR')).toBe('25/12/2026');
    expect(DATE_ENTRY.mask('5/3/2026', 'pt_BR')).toBe('05/03/2026');
    expect(DATE_ENTRY.mask('25122026', 'pt_BR')).toBe('25/12/2026');
    expect(DATE_ENTRY.mask('25.12.2026', 'pt_BR')).toBe('25/12/2026');
  });

  it("is written in the order of each catalog's placeholder", () => {
    for (const [language, catalog] of [
      ['pt_BR', ptBR],
      ['en_US', enUS],
    ] as const) {
      const placeholder = catalog.forms.dateEntry.placeholder;
      const shown = DATE_ENTRY.display('2026-12-25', language);
      expect(placeholder).toHaveLength(shown.length);
      expect(shown.indexOf('25')).toBe(placeholder.toLowerCase().indexOf('dd'));
      expect(shown.indexOf('12')).toBe(placeholder.toLowerCase().indexOf('mm'));
    }
  });
});

describe('time entry', () => {
  it('shows a time 24-hour in pt_BR and 12-hour with AM/PM in en_US', () => {
    expect(TIME_ENTRY.display('07:00', 'pt_BR')).toBe('07:00');
    expect(TIME_ENTRY.display('19:30', 'pt_BR')).toBe('19:30');
    expect(TIME_ENTRY.display('07:00', 'en_US')).toBe('7:00 AM');
    expect(TIME_ENTRY.display('19:30', 'en_US')).toBe('7:30 PM');
    expect(TIME_ENTRY.display('00:05', 'en_US')).toBe('12:05 AM');
    expect(TIME_ENTRY.display('12:00', 'en_US')).toBe('12:00 PM');
    expect(TIME_ENTRY.display('7:3', 'en_US')).toBe('7:3');
  });

  it.each([
    ['pt_BR', '19:30', '19:30'],
    ['pt_BR', '7:05', '07:05'],
    ['pt_BR', '00:00', '00:00'],
    ['en_US', '7:30 PM', '19:30'],
    ['en_US', '7:30pm', '19:30'],
    ['en_US', '7 p.m.', '19:00'],
    ['en_US', '12:00 AM', '00:00'],
    ['en_US', '12:15 pm', '12:15'],
    ['en_US', '11:59 PM', '23:59'],
    ['en_US', '7:00\u202fAM', '07:00'],
  ] as const)('reads %s "%s" as %s', (language, typed, time) => {
    expect(TIME_ENTRY.parse(typed, language)).toBe(time);
  });

  it.each([
    ['pt_BR', '24:00'],
    ['pt_BR', '19:60'],
    ['pt_BR', '19'],
    ['pt_BR', '7:30 PM'],
    ['en_US', '7:30'],
    ['en_US', '19:30'],
    ['en_US', '13:00 PM'],
    ['en_US', '0:30 AM'],
    ['en_US', '7:5 PM'],
  ] as const)('reads no time in %s "%s"', (language, typed) => {
    expect(TIME_ENTRY.parse(typed, language)).toBeNull();
  });

  it('puts the colon in a 24-hour time as the digits are typed', () => {
    expect(typeInto((text) => TIME_ENTRY.mask(text, 'pt_BR'), '1930')).toBe('19:30');
    expect(typeInto((text) => TIME_ENTRY.mask(text, 'pt_BR'), '730')).toBe('07:30');
    expect(typeInto((text) => TIME_ENTRY.mask(text, 'pt_BR'), '7:')).toBe('07:');
    expect(typeInto((text) => TIME_ENTRY.mask(text, 'pt_BR'), '19307')).toBe('19:30');
    expect(typeInto((text) => TIME_ENTRY.mask(text, 'pt_BR'), '19pm')).toBe('19');
  });

  it('reads a 12-hour time as typed: the hour keeps a second digit only up to 12, a or p sets the half', () => {
    const type = (keys: string) => typeInto((text) => TIME_ENTRY.mask(text, 'en_US'), keys);
    expect(type('730p')).toBe('7:30 PM');
    expect(type('1030a')).toBe('10:30 AM');
    expect(type('130p')).toBe('1:30 PM');
    expect(type('1200a')).toBe('12:00 AM');
    expect(type('7p')).toBe('7 PM');
    expect(type('7:30 pm')).toBe('7:30 PM');
    expect(type('730')).toBe('7:30');
    expect(type('7:30 PM')).toBe('7:30 PM');
    expect(TIME_ENTRY.mask('7:30 PM', 'en_US')).toBe('7:30 PM');
  });

  it('gives the form ISO for a whole entry, nothing for an empty one, and the text for the rest', () => {
    expect(entryValue(TIME_ENTRY, '7:30 PM', 'en_US')).toBe('19:30');
    expect(entryValue(DATE_ENTRY, '25/12/2026', 'pt_BR')).toBe('2026-12-25');
    expect(entryValue(DATE_ENTRY, '  ', 'pt_BR')).toBe('');
    expect(entryValue(DATE_ENTRY, '25/12/20', 'pt_BR')).toBe('25/12/20');
    expect(entryValue(TIME_ENTRY, '7:30', 'en_US')).toBe('7:30');
  });
});

describe('caret after masking', () => {
  it('stays at the end when typing at the end', () => {
    expect(caretAfterMask('251', 3, '25/1')).toBe(4);
    expect(caretAfterMask('4', 1, '04')).toBe(2);
  });

  it('follows the same digits when editing in the middle', () => {
    // An edit just after the day: the caret stays after its two digits, before the separator put back.
    expect(caretAfterMask('25/2/2026', 3, '25/22/026')).toBe(2);
    // A digit typed after the day's 2: the caret follows it.
    expect(caretAfterMask('275/12/2026', 2, '27/51/2202')).toBe(2);
    expect(caretAfterMask('/25', 1, '25')).toBe(0);
  });
});
