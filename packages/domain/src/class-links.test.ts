import { describe, expect, it } from 'vitest';
import {
  CLASS_LINK_WINDOW_DAYS,
  canCancelBeforeStart,
  classLinkMessage,
  classLinkWindow,
  isWithinClassLinkWindow,
  legacyClassLinkPath,
} from './class-links.ts';

const DAY = 86_400_000;
const now = new Date('2027-03-08T12:00:00Z');

describe('the class link window', () => {
  it('lists sessions that start after now and within 30 days, both ends checked', () => {
    expect(isWithinClassLinkWindow(now, now)).toBe(false);
    expect(isWithinClassLinkWindow(new Date(now.getTime() + 1), now)).toBe(true);
    expect(isWithinClassLinkWindow(new Date(now.getTime() + CLASS_LINK_WINDOW_DAYS * DAY), now)).toBe(true);
    expect(isWithinClassLinkWindow(new Date(now.getTime() + CLASS_LINK_WINDOW_DAYS * DAY + 1), now)).toBe(
      false,
    );
    expect(isWithinClassLinkWindow(new Date(now.getTime() - 1), now)).toBe(false);
  });

  it('gives the query the same bounds', () => {
    expect(classLinkWindow(now)).toEqual({ from: now, to: new Date(now.getTime() + 30 * DAY) });
  });
});

describe('cancelling by the link', () => {
  it('is possible until the start, not at the start instant itself', () => {
    const startsAt = new Date('2027-03-08T13:00:00Z');
    expect(canCancelBeforeStart(startsAt, new Date(startsAt.getTime() - 1))).toBe(true);
    expect(canCancelBeforeStart(startsAt, startsAt)).toBe(false);
    expect(canCancelBeforeStart(startsAt, new Date(startsAt.getTime() + 1))).toBe(false);
  });
});

describe('the link and its message', () => {
  it('keeps the path links sent before the portal open at', () => {
    expect(legacyClassLinkPath('abc_-9')).toBe('/my-classes/abc_-9');
  });

  it('carries the link in both languages, with or without a first name', () => {
    const facts = {
      customerFirstName: 'Ana',
      organizationName: 'Studio Sol',
      link: 'https://x/portal#t=t',
      days: 30,
    };
    expect(classLinkMessage('pt_BR', facts)).toContain('Olá, Ana!');
    expect(classLinkMessage('pt_BR', facts)).toContain('https://x/portal#t=t');
    expect(classLinkMessage('pt_BR', facts)).toContain('30 dias');
    expect(classLinkMessage('en_US', facts)).toContain('Hi Ana!');
    expect(classLinkMessage('en_US', { ...facts, customerFirstName: ' ' })).toMatch(/^Hi! /);
    expect(classLinkMessage('pt_BR', facts)).not.toContain('Pix Automático');
    const awaiting = { ...facts, awaitsPixAutomatico: true };
    expect(classLinkMessage('pt_BR', awaiting)).toContain('autorização do Pix Automático');
    expect(classLinkMessage('en_US', awaiting)).toContain('Pix Automático authorization is under Payments');
    // The authorization's line comes before the link's terms, which stay the last line.
    expect(classLinkMessage('pt_BR', awaiting).split('\n').at(-1)).toContain('30 dias');
  });
});
