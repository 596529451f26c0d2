import { describe, expect, it } from 'vitest';
import { acceptedLanguages, preferredLanguage } from './preferences.ts';

describe('the language of a first visit', () => {
  it.each([
    [['pt-BR', 'en-US'], 'pt_BR'],
    [['pt-PT'], 'pt_BR'],
    [['pt'], 'pt_BR'],
    [['es-ES', 'pt-BR'], 'pt_BR'],
    [['en-GB', 'pt-BR'], 'en_US'],
    [['fr-FR', 'de'], 'en_US'],
    [[], 'en_US'],
  ])('follows the browser languages %j → %s', (languages, expected) => {
    expect(preferredLanguage(languages)).toBe(expected);
  });

  it('reads Accept-Language by weight, then order', () => {
    expect(acceptedLanguages('en-US;q=0.5, pt-BR, fr;q=0.8, *;q=0.1')).toEqual(['pt-BR', 'fr', 'en-US']);
    expect(preferredLanguage(acceptedLanguages('de-DE,de;q=0.9,pt;q=0.8,en;q=0.7'))).toBe('pt_BR');
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('x;q=0')).toEqual([]);
  });
});
