import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHURN_RISK_ACTIONS,
  type ChurnRiskSignals,
  canViewChurnRisk,
  churnRiskPeriods,
  rankChurnRisks,
  scoreChurnRisk,
} from './churn-risk.ts';
import { buildAccessProfile, ORG_ROLES, type OrgRole } from './permissions.ts';

const quiet: ChurnRiskSignals = {
  checkInsBefore: 0,
  checkInsRecent: 0,
  overdueCycles: 0,
  overdueAmounts: [],
  enrollmentEndsOn: null,
  makeUpCreditsHeld: 0,
  makeUpCreditsExpired: 0,
};
const signals = (changes: Partial<ChurnRiskSignals>): ChurnRiskSignals => ({ ...quiet, ...changes });
const overdue = (cycles: number, amountCents: number) => ({
  overdueCycles: cycles,
  overdueAmounts: [{ currency: 'BRL' as const, amountCents }],
});

describe('the churn-risk periods', () => {
  it('compares the 4 weeks before today with the 8 before them, and looks 30 days ahead', () => {
    expect(churnRiskPeriods('2027-03-15')).toEqual({
      recent: { from: '2027-02-15', to: '2027-03-14' },
      before: { from: '2026-12-21', to: '2027-02-14' },
      enrollmentEnding: { from: '2027-03-15', to: '2027-04-14' },
    });
  });
});

describe('attendance falling', () => {
  it('compares weekly rates: 16 check-ins in 8 weeks (2 a week) against 4 in 4 weeks (1 a week) is half gone', () => {
    expect(scoreChurnRisk(signals({ checkInsBefore: 16, checkInsRecent: 4 }))).toEqual({
      score: 15,
      reasons: [{ code: 'ATTENDANCE_FALLING', points: 15, beforePerWeek: 2, recentPerWeek: 1 }],
    });
  });

  it('a customer who stopped coming gets all 30 points', () => {
    expect(scoreChurnRisk(signals({ checkInsBefore: 8, checkInsRecent: 0 })).score).toBe(30);
  });

  it('exactly equal rates are not falling: 8 in 8 weeks and 4 in 4', () => {
    expect(scoreChurnRisk(signals({ checkInsBefore: 8, checkInsRecent: 4 }))).toEqual({
      score: 0,
      reasons: [],
    });
  });

  it('no attendance before is not falling, whatever came after', () => {
    expect(scoreChurnRisk(signals({ checkInsBefore: 0, checkInsRecent: 0 })).reasons).toEqual([]);
    expect(scoreChurnRisk(signals({ checkInsBefore: 0, checkInsRecent: 3 })).reasons).toEqual([]);
  });

  it('rising attendance is no reason', () => {
    expect(scoreChurnRisk(signals({ checkInsBefore: 4, checkInsRecent: 4 })).reasons).toEqual([]);
  });

  it('the smallest drop still names its reason with at least 1 point (its share, rounded up)', () => {
    // 17 in 8 weeks (2.125 a week) against 8 in 4 (2 a week): 1/17 of 30 = 1.76 → 2.
    expect(scoreChurnRisk(signals({ checkInsBefore: 17, checkInsRecent: 8 })).reasons).toEqual([
      { code: 'ATTENDANCE_FALLING', points: 2, beforePerWeek: 2.125, recentPerWeek: 2 },
    ]);
    const { reasons } = scoreChurnRisk(signals({ checkInsBefore: 1000, checkInsRecent: 499 }));
    expect(reasons[0]?.points).toBe(1);
  });

  it('gives between 1 and 30 points exactly when the recent weekly rate is lower', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(100), (before, recent) => {
        const { score } = scoreChurnRisk(signals({ checkInsBefore: before, checkInsRecent: recent }));
        const isFalling = recent / 4 < before / 8;
        expect(score > 0).toBe(isFalling);
        expect(score).toBeLessThanOrEqual(30);
      }),
    );
  });
});

describe('payments overdue and an enrollment ending', () => {
  it('15 points per overdue cycle, at most 30', () => {
    expect(scoreChurnRisk(signals(overdue(1, 34_900)))).toEqual({
      score: 15,
      reasons: [
        {
          code: 'PAYMENTS_OVERDUE',
          points: 15,
          cycles: 1,
          amounts: [{ currency: 'BRL', amountCents: 34_900 }],
        },
      ],
    });
    expect(scoreChurnRisk(signals(overdue(2, 69_800))).score).toBe(30);
    expect(scoreChurnRisk(signals(overdue(5, 174_500))).score).toBe(30);
  });

  it('an enrollment ending without renewal adds 20 points and names its last day', () => {
    expect(scoreChurnRisk(signals({ enrollmentEndsOn: '2027-04-01' }))).toEqual({
      score: 20,
      reasons: [{ code: 'ENROLLMENT_ENDING', points: 20, endDate: '2027-04-01' }],
    });
  });

  it('every reason at its most makes 100, reasons heaviest first', () => {
    const { score, reasons } = scoreChurnRisk({
      checkInsBefore: 8,
      checkInsRecent: 0,
      ...overdue(3, 100_000),
      enrollmentEndsOn: '2027-04-01',
      makeUpCreditsHeld: 4,
      makeUpCreditsExpired: 3,
    });
    expect(score).toBe(100);
    expect(reasons.map((reason) => [reason.code, reason.points])).toEqual([
      ['ATTENDANCE_FALLING', 30],
      ['PAYMENTS_OVERDUE', 30],
      ['ENROLLMENT_ENDING', 20],
      ['MAKE_UP_CREDITS_PILING_UP', 20],
    ]);
  });
});

describe('make-up credits piling up', () => {
  const credits = (held: number, expired: number) =>
    scoreChurnRisk(signals({ makeUpCreditsHeld: held, makeUpCreditsExpired: expired }));

  it('two credits held and not spent add 20 points and say how many', () => {
    expect(credits(2, 0)).toEqual({
      score: 20,
      reasons: [{ code: 'MAKE_UP_CREDITS_PILING_UP', points: 20, held: 2, expired: 0 }],
    });
  });

  it('counts credits that expired unused with those still held: one of each is two', () => {
    expect(credits(1, 1).reasons).toEqual([
      { code: 'MAKE_UP_CREDITS_PILING_UP', points: 20, held: 1, expired: 1 },
    ]);
    expect(credits(0, 2).score).toBe(20);
  });

  it('one credit waiting for its make-up is no reason, held or lapsed', () => {
    expect(credits(1, 0).reasons).toEqual([]);
    expect(credits(0, 1).reasons).toEqual([]);
    expect(credits(0, 0).reasons).toEqual([]);
  });

  it('gives 20 points however many credits pile up', () => {
    expect(credits(9, 5).score).toBe(20);
  });
});

describe('the ranking', () => {
  /** Eight customers whose order is known by hand; three are not at risk. */
  const fixtures = [
    // 2 a week → 0.5 a week: 3/4 of 30 = 22.5 → 23 points; plus an ending enrollment: 43.
    {
      customerId: 'c1',
      name: 'Carla Dias',
      signals: signals({ checkInsBefore: 16, checkInsRecent: 2, enrollmentEndsOn: '2027-04-01' }),
    },
    // Regular, nothing owed: not at risk.
    { customerId: 'c2', name: 'Bruno Reis', signals: signals({ checkInsBefore: 16, checkInsRecent: 8 }) },
    // Stopped coming and owes two cycles: 60.
    {
      customerId: 'c3',
      name: 'Ana Melo',
      signals: signals({ checkInsBefore: 8, checkInsRecent: 0, ...overdue(2, 69_800) }),
    },
    // One overdue cycle: 15.
    { customerId: 'c4', name: 'Davi Lopes', signals: signals(overdue(1, 34_900)) },
    // A credit held and one lapsed: 20, ties with Beatriz and comes after her by name.
    {
      customerId: 'c7',
      name: 'Fábio Rios',
      signals: signals({ makeUpCreditsHeld: 1, makeUpCreditsExpired: 1 }),
    },
    // New customer (nobody to compare with), ending enrollment: 20.
    {
      customerId: 'c5',
      name: 'Beatriz Luz',
      signals: signals({ checkInsRecent: 6, enrollmentEndsOn: '2027-03-20' }),
    },
    { customerId: 'c6', name: 'Eva Nunes', signals: quiet },
    // One credit waiting for its make-up: not at risk.
    { customerId: 'c8', name: 'Gabi Sá', signals: signals({ makeUpCreditsHeld: 1 }) },
  ];

  it('orders by score, then by name, and leaves out customers with no reason', () => {
    expect(rankChurnRisks(fixtures).map(({ name, score }) => [name, score])).toEqual([
      ['Ana Melo', 60],
      ['Carla Dias', 43],
      ['Beatriz Luz', 20],
      ['Fábio Rios', 20],
      ['Davi Lopes', 15],
    ]);
  });

  it('does not depend on the order the customers came in', () => {
    const expected = rankChurnRisks(fixtures);
    fc.assert(
      fc.property(fc.shuffledSubarray(fixtures, { minLength: fixtures.length }), (shuffled) => {
        expect(rankChurnRisks(shuffled)).toEqual(expected);
      }),
    );
  });
});

describe('who may read the list', () => {
  const withOrgRole = (role: OrgRole) =>
    buildAccessProfile('user', { orgRole: role, establishmentRoles: [] });

  it('owners and administrators by default: each action at organization scope', () => {
    expect(ORG_ROLES.filter((role) => canViewChurnRisk(withOrgRole(role)))).toEqual([
      'ORG_OWNER',
      'ORG_ADMINISTRATOR',
    ]);
    expect(CHURN_RISK_ACTIONS).toContain('VIEW_PAYMENTS');
  });

  it('establishment roles never reach it, not even all of them together', () => {
    const profile = buildAccessProfile('user', {
      orgRole: 'ORG_MANAGER',
      establishmentRoles: [
        { establishmentId: 'e1', role: 'EST_ESTABLISHMENT_MANAGER' },
        { establishmentId: 'e1', role: 'EST_RECEPTIONIST' },
      ],
    });
    expect(canViewChurnRisk(profile)).toBe(false);
  });
});
