import { describe, expect, it } from 'vitest';
import { messageParams } from './errors.ts';
import enUS from './i18n/en_US.json' with { type: 'json' };
import { translate } from './i18n.ts';

describe('error messages', () => {
  it('fill their placeholders from the scalar details only', () => {
    const details = { limit: 2, dates: ['2027-03-09'], path: 'planId', nested: { a: 1 } };
    expect(messageParams(details)).toEqual({ limit: 2, path: 'planId' });
    expect(messageParams(null)).toEqual({});
    expect(messageParams(['x'])).toEqual({});
    expect(translate(enUS, 'errors.ENROLLMENT_WEEKLY_LIMIT', messageParams(details))).toBe(
      'This plan allows at most 2 sessions per week, and this enrollment would go over it.',
    );
  });
});
