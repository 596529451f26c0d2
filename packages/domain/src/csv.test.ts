import { describe, expect, it } from 'vitest';
import { csvDate, csvFile, csvLine, neutralizeFormula } from './csv.ts';
import { parseImportDate } from './customer-import-rows.ts';

describe('CSV cells', () => {
  it('neutralizes formulas, also after a separator another program may split on, but not phones', () => {
    expect(neutralizeFormula('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(neutralizeFormula('x;@cmd')).toBe("x;'@cmd");
    expect(neutralizeFormula('+5511987654321')).toBe('+5511987654321');
    expect(neutralizeFormula(12)).toBe(12);
  });

  it('quotes cells holding the separator, quotes or line breaks, and starts the file with a BOM', () => {
    expect(csvLine(['a;b', 'say "hi"', 'x\ny', null, 3], ';')).toBe('"a;b";"say ""hi""";"x\ny";;3');
    expect(csvLine(['a;b'], ',')).toBe('a;b');
    expect(
      csvFile(
        [
          ['h1', 'h2'],
          ['=1', 'v'],
        ],
        ',',
      ),
    ).toBe("\uFEFFh1,h2\r\n'=1,v");
  });
});

describe('CSV dates', () => {
  it('writes English dates as ISO and Portuguese ones as dd/mm/yyyy, both read back as written', () => {
    expect(csvDate('1990-02-03', 'en_US')).toBe('1990-02-03');
    expect(csvDate('1990-02-03', 'pt_BR')).toBe('03/02/1990');
    // A day and a month both ≤ 12: the case an mm/dd file read as dd/mm gets wrong without a word.
    for (const date of ['1990-02-03', '2001-12-01', '1985-07-31']) {
      expect(parseImportDate(csvDate(date, 'en_US'))).toBe(date);
      expect(parseImportDate(csvDate(date, 'pt_BR'))).toBe(date);
    }
  });
});
