import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { onTheBooks, onTheBooksLiterally } from './customers-on-the-books.ts';
import { customers } from './schema/index.ts';

describe('the customers on the books, in SQL', () => {
  const dialect = new PgDialect();
  it('as parameters, or written into the text, as each query sent them before', () => {
    expect(dialect.sqlToQuery(onTheBooks(customers.status))).toMatchObject({
      sql: '"customers"."status" not in ($1, $2)',
      params: ['DELETED', 'PURGED'],
    });
    expect(dialect.sqlToQuery(onTheBooksLiterally(customers.status))).toMatchObject({
      sql: `"customers"."status" not in ('DELETED', 'PURGED')`,
      params: [],
    });
  });
});
