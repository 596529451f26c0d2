import type { CustomerStatus } from '@reformer/domain/customers';
import {
  and,
  asc,
  count,
  eq,
  getViewSelectedFields,
  inArray,
  like,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { keptCustomerCount } from '../../db/customer-counts.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { pageWithTotal } from '../../db/page-with-total.ts';
import { preparedStatement, withGenericPlan } from '../../db/prepared.ts';
import { customersInOrganization } from '../../db/schema/index.ts';
import { containsPattern, isNarrowedByTrigrams } from '../../db/search-pattern.ts';

type Filter = { words: string[]; status?: CustomerStatus; page: number; limit: number };

/**
 * Lists and searches read the organization's customers through the view that keeps the trigram index plan
 * under row-level security (db/schema/customers.ts); everything else reads and writes the table.
 */
const listed = customersInOrganization;
const {
  searchText: _listedSearchText,
  sortName: _listedSortName,
  organizationId: _listedOrganizationId,
  ...listedColumns
} = getViewSelectedFields(listed) as typeof listed._.selectedFields;

/** Byte-wise order of the unaccented name, the same on every server whatever its locale. */
const byName = sql`${listed.sortName} collate "C"`;

/** Every word must appear in the searchable text. */
function listWhere(
  organizationId: string | Placeholder,
  filter: { words: (string | Placeholder)[]; status?: CustomerStatus | Placeholder },
): SQL | undefined {
  return and(
    eq(listed.organizationId, organizationId),
    filter.status ? eq(listed.status, filter.status) : onTheBooks(listed.status),
    ...filter.words.map((word) => like(listed.searchText, word)),
  );
}

/**
 * A search's shape — how many words, whether a status is chosen — is what changes its statements' SQL: each
 * shape's are built once and named by it (the search runs on every keystroke of the customers screen). The
 * values arrive as placeholders.
 */
type SearchShape = { wordCount: number; byStatus: boolean };

const shapeName = ({ wordCount, byStatus }: SearchShape) => `${wordCount}w${byStatus ? '_status' : ''}`;

function searchWhere({ wordCount, byStatus }: SearchShape) {
  return listWhere(sql.placeholder('organizationId'), {
    words: Array.from({ length: wordCount }, (_, i) => sql.placeholder(`word${i}`)),
    status: byStatus ? sql.placeholder('status') : undefined,
  });
}

/** How many customers a shape's search finds: with nothing searched, the kept count. */
function searchCount(db: Database, shape: SearchShape) {
  return shape.wordCount === 0
    ? keptCustomerCount(
        db,
        sql.placeholder('organizationId'),
        shape.byStatus ? sql.placeholder('status') : undefined,
      )
    : db.select({ value: count() }).from(listed).where(searchWhere(shape));
}

/**
 * A page of a shape's search carrying the total as an uncorrelated subquery — one statement and one round trip
 * instead of two, each part keeping its own plan (the page stops after `limit` rows in name order; a window
 * count would read every match first). Planned per call: how many customers the words match decides the plan
 * (decision 007).
 */
function preparedPage(db: Database, shape: SearchShape) {
  return preparedStatement(db, `customers_page_${shapeName(shape)}`, (name) =>
    db
      .select({ ...listedColumns, total: sql<number>`(${searchCount(db, shape)})::int` })
      .from(listed)
      .where(searchWhere(shape))
      .orderBy(byName, asc(listed.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}

/**
 * A page of a search whose every word the trigram index narrows (`isNarrowedByTrigrams`), for one plan made once
 * per connection: the matches' ids and names are read once through the index (a CTE, read twice and so kept),
 * counted, and the page's ids taken from them in name order, then its rows by key. It reads no more than the
 * matches, where the per-call plan could walk the name order through most of the studio to find ten matches
 * that sort together; it gives up the name order's early stop for a word in nearly every customer (decision 007
 * has the figures).
 */
function preparedNarrowedPage(db: Database, shape: SearchShape) {
  return preparedStatement(db, `customers_narrowed_page_${shapeName(shape)}`, (name) => {
    const matches = db.$with('matches').as(
      db
        .select({ id: listed.id, sortName: sql<string>`${listed.sortName}`.as('sort_name') })
        .from(listed)
        .where(searchWhere(shape)),
    );
    const pageIds = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(sql`${matches.sortName} collate "C"`, asc(matches.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return db
      .with(matches)
      .select({ ...listedColumns, total: sql<number>`(select count(*) from ${matches})::int` })
      .from(listed)
      .where(and(eq(listed.organizationId, sql.placeholder('organizationId')), inArray(listed.id, pageIds)))
      .orderBy(byName, asc(listed.id))
      .prepare(name);
  });
}

/** The total alone, for a page past the last, which has no row to carry it (decision 018). */
function preparedTotal(db: Database, shape: SearchShape) {
  return preparedStatement(db, `customers_total_${shapeName(shape)}`, (name) =>
    searchCount(db, shape).prepare(name),
  );
}

export async function listCustomers(db: Database, organizationId: string, filter: Filter) {
  const shape = { wordCount: filter.words.length, byStatus: filter.status !== undefined };
  const values: Record<string, unknown> = {
    organizationId,
    status: filter.status,
    limit: filter.limit,
    offset: (filter.page - 1) * filter.limit,
  };
  filter.words.forEach((word, i) => {
    values[`word${i}`] = containsPattern(word);
  });
  const isNarrowed = filter.words.length > 0 && filter.words.every(isNarrowedByTrigrams);
  const found = isNarrowed
    ? await withGenericPlan(db, () => preparedNarrowedPage(db, shape).execute(values))
    : await preparedPage(db, shape).execute(values);
  return pageWithTotal(found, filter.page, async () => {
    const [counted] = await preparedTotal(db, shape).execute(values);
    return counted?.value ?? 0;
  });
}

export async function listAllCustomers(db: Database, organizationId: string, words: string[]) {
  return db
    .select(listedColumns)
    .from(listed)
    .where(listWhere(organizationId, { words: words.map(containsPattern) }))
    .orderBy(byName, asc(listed.id));
}
