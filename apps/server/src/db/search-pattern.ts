/**
 * A LIKE pattern that finds `word` anywhere in a searchable text (customers.search_text, which the trigram
 * index serves): its own % _ and \ are escaped so they match themselves.
 */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Whether the trigram index surely narrows a LIKE on `containsPattern(word)`: pg_trgm takes its trigrams from
 * the runs of letters and digits between a pattern's wildcards, and three in a row always give one; without
 * one the index would be read whole. Read conservatively — ASCII only (a normalized search word is, but for rare
 * letters), and not counting the trigrams pg_trgm pads at punctuation ("ab.cd" gives "ab "): a word said not to
 * narrow is only planned per call, as every search was before.
 */
export function isNarrowedByTrigrams(word: string): boolean {
  return /[a-z0-9]{3}/.test(word);
}
