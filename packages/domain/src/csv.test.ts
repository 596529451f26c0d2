import { describe, expect, it } from 'vitest';
import { csvFile, csvLine, neutralizeFormula } from './csv.ts';

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
