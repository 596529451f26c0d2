/**
 * A LIKE pattern that finds `word` anywhere in a searchable text (customers.search_text, which the trigram
 * index serves): its own % _ and \ are escaped so they match themselves.
 */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
