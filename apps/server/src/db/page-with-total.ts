/**
 * A list page whose rows carry the match count (an uncorrelated subquery in the page's own statement, decision
 * 018): the total is read off the first row. A page past the last has no row to carry it, so the count is then
 * asked alone; page 1 empty means none match.
 */
export async function pageWithTotal<Row extends { total: number }>(
  found: Row[],
  page: number,
  countAlone: () => Promise<number>,
): Promise<{ rows: Omit<Row, 'total'>[]; total: number }> {
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: found[0].total };
  return { rows, total: page === 1 ? 0 : await countAlone() };
}
