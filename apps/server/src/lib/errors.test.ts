import { describe, expect, it } from 'vitest';
import { describeForLog } from './errors.ts';

describe('what reaches the logs', () => {
  it('never carries query parameters (personal data) of a failed query', () => {
    const failed = new Error('Failed query: insert into customers values ($1, $2)\nparams: Ana,52998224725');
    expect(describeForLog(failed, undefined)).not.toContain('52998224725');
    expect(describeForLog(failed, undefined)).toContain('params: [redacted]');
  });

  it('names a database error by code and constraint, without its detail', () => {
    const line = describeForLog(new Error('x'), {
      code: '23505',
      constraint: 'customers_email_unique_idx',
      message: 'duplicate key value violates unique constraint',
    });
    expect(line).toBe(
      'database error 23505 on customers_email_unique_idx: duplicate key value violates unique constraint',
    );
  });
});
