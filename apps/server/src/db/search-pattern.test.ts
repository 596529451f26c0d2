import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { containsPattern, isNarrowedByTrigrams } from './search-pattern.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/**
 * How many rows pg_trgm's index hands on for a LIKE on `word` among rows none of which contain it: none when
 * it took trigrams from the pattern, every one (to be checked row by row) when it found none to take.
 */
async function rowsTheIndexHandsOn(word: string): Promise<number> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table searched (text text) on commit drop`);
    await tx.execute(sql`insert into searched
      select 'qqq wvw ' || chr(107 + n % 5) || '@xx.yy' from generate_series(1, 200) as n`);
    await tx.execute(sql`create index on searched using gin (text gin_trgm_ops)`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const { rows } = (await tx.execute(
      sql`explain (analyze, format json) select * from searched where text like ${containsPattern(word)}`,
    )) as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] };
    const scan = findNode(rows[0]?.['QUERY PLAN'][0].Plan, 'Bitmap Index Scan');
    if (!scan) throw new Error(`no index scan for ${word}`);
    return scan['Actual Rows'];
  });
}

type PlanNode = { 'Node Type': string; 'Actual Rows': number; Plans?: PlanNode[] };
function findNode(node: PlanNode | undefined, type: string): PlanNode | undefined {
  if (!node) return undefined;
  if (node['Node Type'] === type) return node;
  for (const child of node.Plans ?? []) {
    const found = findNode(child, type);
    if (found) return found;
  }
  return undefined;
}

describe('which search words the trigram index narrows', () => {
  it('says so only of words pg_trgm takes trigrams from, and of none it reads the index whole for', async () => {
    const narrowed = ['abc', 'silva', 'joao', '119', 'a1b2c3', 'ab.cde', 'x_yz9'];
    const notNarrowed = ['a', 'ab', '9', '12', 'a.b', 'ab.cd', '%', '__'];
    for (const word of narrowed) {
      expect(isNarrowedByTrigrams(word), word).toBe(true);
      expect(await rowsTheIndexHandsOn(word), word).toBe(0);
    }
    for (const word of notNarrowed) expect(isNarrowedByTrigrams(word), word).toBe(false);
    // Those the index reads whole; the others said not to narrow ("a.b", "ab.cd") do, through the trigrams
    // pg_trgm pads at punctuation: the rule errs on that side only.
    for (const word of ['a', 'ab', '9', '12', '%', '__'])
      expect(await rowsTheIndexHandsOn(word), word).toBe(200);
  });
});
