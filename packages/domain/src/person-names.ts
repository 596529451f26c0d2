/**
 * The particles that join Brazilian family names: "Maria da Conceição Santos", "João de Souza e Silva".
 * "das" is there with "dos": the feminine plural (de + as) is as common in names ("Maria das Dores", "das
 * Neves", "das Graças") as the masculine one, and a list without it would split those names differently.
 */
const PARTICLES = new Set(['da', 'das', 'de', 'do', 'dos', 'e']);

/** Given names a particle may follow and still start the family name: "Ana Paula | da Silva". */
const MAX_GIVEN_NAMES = 2;

/**
 * One "full name" split into first and last name the Brazilian way (issue #27): the first name is the first
 * word, or the first two when the family name starts with a particle right after them ("João Pedro de Souza
 * e Silva" → "João Pedro" / "de Souza e Silva"); the particles stay with the family name ("Maria da Conceição
 * Santos" → "Maria" / "da Conceição Santos"), in any case ("DA"). Spaces are collapsed. A single word is a
 * first name with no last name, which the customer's own rules then refuse.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const particle = words.findIndex(
    (word, index) => index > 0 && index < words.length - 1 && PARTICLES.has(word.toLowerCase()),
  );
  const given = particle > 0 && particle <= MAX_GIVEN_NAMES ? particle : 1;
  return { firstName: words.slice(0, given).join(' '), lastName: words.slice(given).join(' ') };
}
