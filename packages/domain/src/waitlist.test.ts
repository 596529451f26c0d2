import { describe, expect, it } from 'vitest';
import { sessionInstant } from './time-zones.ts';
import {
  AddToWaitlistInput,
  canOffer,
  effectiveState,
  isOfferLive,
  isSameWaitingSet,
  nextToOffer,
  offerDateTime,
  offerExpiry,
  offerMessage,
  ReorderWaitlistInput,
  WaitlistSettingsInput,
} from './waitlist.ts';

const MINUTE = 60_000;
const SAO_PAULO = 'America/Sao_Paulo';

describe('offer expiry', () => {
  const startsAt = sessionInstant('2027-03-08', '07:00', SAO_PAULO);

  it('is the hold time after the offer when the session starts later', () => {
    const offeredAt = new Date(startsAt.getTime() - 5 * 60 * MINUTE);
    expect(offerExpiry(offeredAt, 120, startsAt)).toEqual(new Date(offeredAt.getTime() + 120 * MINUTE));
  });

  it('stops at the session start, also when the hold ends exactly then', () => {
    const twoHoursBefore = new Date(startsAt.getTime() - 120 * MINUTE);
    expect(offerExpiry(twoHoursBefore, 120, startsAt)).toEqual(startsAt);
    const oneHourBefore = new Date(startsAt.getTime() - 60 * MINUTE);
    expect(offerExpiry(oneHourBefore, 120, startsAt)).toEqual(startsAt);
  });

  it('counts elapsed time across a daylight-saving jump (New York, 14 March 2027)', () => {
    const zone = 'America/New_York';
    const offeredAt = sessionInstant('2027-03-14', '01:30', zone);
    const session = sessionInstant('2027-03-14', '10:00', zone);
    const expiry = offerExpiry(offeredAt, 120, session);
    expect(expiry.getTime() - offeredAt.getTime()).toBe(120 * MINUTE);
    // 01:30 EST + 2 h elapsed is 04:30 EDT on the wall clock.
    expect(expiry).toEqual(sessionInstant('2027-03-14', '04:30', zone));
  });
});

describe('when offers are made', () => {
  const startsAt = new Date('2027-03-08T10:00:00Z');

  it('only for an active session not started yet', () => {
    expect(canOffer({ isActive: true, startsAt }, new Date('2027-03-08T09:59:59.999Z'))).toBe(true);
    expect(canOffer({ isActive: true, startsAt }, startsAt)).toBe(false);
    expect(canOffer({ isActive: true, startsAt }, new Date('2027-03-08T10:30:00Z'))).toBe(false);
    expect(canOffer({ isActive: false, startsAt }, new Date('2027-03-01T10:00:00Z'))).toBe(false);
  });

  it('an offer stands until its expiry, exclusive', () => {
    const offerExpiresAt = new Date('2027-03-08T08:00:00Z');
    const offered = { state: 'OFFERED' as const, offerExpiresAt };
    expect(isOfferLive(offered, new Date('2027-03-08T07:59:59.999Z'))).toBe(true);
    expect(isOfferLive(offered, offerExpiresAt)).toBe(false);
    expect(effectiveState(offered, offerExpiresAt)).toBe('EXPIRED');
    expect(effectiveState(offered, new Date('2027-03-08T07:00:00Z'))).toBe('OFFERED');
    expect(effectiveState({ state: 'WAITING', offerExpiresAt: null }, offerExpiresAt)).toBe('WAITING');
  });
});

describe('who is offered next', () => {
  const entry = (id: string, customerId: string, position: number, state = 'WAITING' as const) => ({
    id,
    customerId,
    position,
    state,
  });

  it('the first WAITING entries by position, one seat each', () => {
    const entries = [
      entry('e3', 'c3', 3),
      entry('e1', 'c1', 1),
      { ...entry('e0', 'c0', 0), state: 'OFFERED' as const },
      entry('e2', 'c2', 2),
    ];
    expect(nextToOffer(entries, 2).map((e) => e.id)).toEqual(['e1', 'e2']);
    expect(nextToOffer(entries, 0)).toEqual([]);
    expect(nextToOffer(entries, 10).map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
  });

  it('never gives two seats to the same customer', () => {
    const entries = [entry('a', 'same', 1), entry('b', 'same', 2), entry('c', 'other', 3)];
    expect(nextToOffer(entries, 2).map((e) => e.customerId)).toEqual(['same', 'other']);
  });
});

describe('reordering', () => {
  it('needs exactly the waiting entries, each once', () => {
    expect(isSameWaitingSet(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(isSameWaitingSet(['a', 'b'], ['a'])).toBe(false);
    expect(isSameWaitingSet(['a', 'b'], ['a', 'b', 'c'])).toBe(false);
    expect(isSameWaitingSet(['a', 'b'], ['a', 'a'])).toBe(false);
    expect(isSameWaitingSet([], [])).toBe(true);
  });
});

describe('inputs', () => {
  it('bound the hold time', () => {
    const valid = (holdMinutes: number) =>
      WaitlistSettingsInput.safeParse({ holdMinutes, messageLanguage: 'pt_BR' }).success;
    expect(valid(15)).toBe(true);
    expect(valid(2880)).toBe(true);
    expect(valid(14)).toBe(false);
    expect(valid(2881)).toBe(false);
    expect(valid(30.5)).toBe(false);
  });

  it('refuse a customer twice and an empty list', () => {
    const id = '0190f3a0-0000-7000-8000-000000000001';
    expect(AddToWaitlistInput.safeParse({ customerIds: [id, id] }).success).toBe(false);
    expect(AddToWaitlistInput.safeParse({ customerIds: [] }).success).toBe(false);
    expect(ReorderWaitlistInput.safeParse({ entryIds: [id, id] }).success).toBe(false);
    expect(ReorderWaitlistInput.safeParse({ entryIds: [] }).success).toBe(true);
  });
});

describe('the offer message', () => {
  const facts = {
    customerFirstName: 'Ana',
    sessionName: 'Reformer',
    establishmentName: 'Centro',
    startsAt: new Date('2027-03-08T10:00:00Z'),
    expiresAt: new Date('2027-03-08T09:00:00Z'),
    timeZone: SAO_PAULO,
    link: 'https://studio.example/waitlist-offers/abc',
  };

  it('is written in the chosen language with local times and the link', () => {
    const pt = offerMessage('pt_BR', facts);
    expect(pt).toContain('Olá, Ana!');
    expect(pt).toContain('07:00');
    expect(pt).toContain('06:00');
    expect(pt).toContain(facts.link);
    const en = offerMessage('en_US', facts);
    expect(en).toContain('Hi Ana!');
    expect(en).toMatch(/07:00\sAM/);
    expect(en).toContain(facts.link);
  });
});

describe('an offer instant as shown', () => {
  it('carries the date and the local time of the organization, the Brazilian way in pt_BR', () => {
    const expiry = sessionInstant('2027-03-26', '07:00', SAO_PAULO);
    expect(offerDateTime(expiry, SAO_PAULO, 'pt_BR')).toMatch(/^sex\.?, 26\/03,? 07:00$/);
    expect(offerDateTime(expiry, SAO_PAULO, 'en_US')).toMatch(/^Fri, 03\/26,? 07:00\sAM$/);
  });
});
