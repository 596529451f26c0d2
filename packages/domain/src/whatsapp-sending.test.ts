import { describe, expect, it } from 'vitest';
import {
  backoffDelayMs,
  hasAttemptsLeft,
  hasUnsettledWhatsApp,
  isWithinTier,
  PAIR_PACING_MS,
  pairPacedAt,
  SEND_BACKOFF,
  tierLimitOf,
} from './whatsapp-sending.ts';
import {
  birthdayTemplate,
  classNoticeTemplate,
  paymentReminderTemplate,
} from './whatsapp-template-parameters.ts';
import { placeholderCount, WHATSAPP_TEMPLATES } from './whatsapp-templates.ts';

describe('the messaging limit of a number', () => {
  it('reads Meta tier names, and an unknown or missing tier as a new business (250)', () => {
    expect(tierLimitOf('TIER_250')).toBe(250);
    expect(tierLimitOf('TIER_1K')).toBe(1000);
    expect(tierLimitOf('TIER_10K')).toBe(10_000);
    expect(tierLimitOf('TIER_100K')).toBe(100_000);
    expect(tierLimitOf('TIER_UNLIMITED')).toBeNull();
    expect(tierLimitOf(null)).toBe(250);
    expect(tierLimitOf('TIER_SOMETHING_NEW')).toBe(250);
  });

  it('lets a new recipient in only under the limit, and someone already messaged always', () => {
    expect(isWithinTier({ tier: 'TIER_250', isRecentRecipient: false, recentRecipients: 249 })).toBe(true);
    expect(isWithinTier({ tier: 'TIER_250', isRecentRecipient: false, recentRecipients: 250 })).toBe(false);
    expect(isWithinTier({ tier: 'TIER_250', isRecentRecipient: true, recentRecipients: 250 })).toBe(true);
    expect(
      isWithinTier({ tier: 'TIER_UNLIMITED', isRecentRecipient: false, recentRecipients: 10 ** 7 }),
    ).toBe(true);
  });
});

describe('pacing per recipient', () => {
  const now = new Date('2027-03-26T10:00:00Z');

  it('lets the first message go now, and a second one only 6 seconds after the last', () => {
    expect(pairPacedAt(null, now)).toEqual(now);
    const justNow = new Date(now.getTime() - 1000);
    expect(pairPacedAt(justNow, now)).toEqual(new Date(justNow.getTime() + PAIR_PACING_MS));
    const longAgo = new Date(now.getTime() - PAIR_PACING_MS);
    expect(pairPacedAt(longAgo, now)).toEqual(now);
  });
});

describe('backoff after a transient failure', () => {
  it('doubles from the base with half of it random, up to the cap', () => {
    expect(backoffDelayMs(1, 0)).toBe(SEND_BACKOFF.baseMs / 2);
    expect(backoffDelayMs(1, 0.999_999)).toBeLessThanOrEqual(SEND_BACKOFF.baseMs);
    expect(backoffDelayMs(2, 0)).toBe(SEND_BACKOFF.baseMs);
    expect(backoffDelayMs(3, 0)).toBe(SEND_BACKOFF.baseMs * 2);
    expect(backoffDelayMs(40, 0.999_999)).toBeLessThanOrEqual(SEND_BACKOFF.capMs);
    expect(backoffDelayMs(40, 0)).toBe(SEND_BACKOFF.capMs / 2);
  });

  it('waits at least what Meta asked in Retry-After', () => {
    expect(backoffDelayMs(1, 0, 120)).toBe(120_000);
    expect(backoffDelayMs(1, 0, 1)).toBe(SEND_BACKOFF.baseMs / 2);
  });

  it('spreads many messages refused at once', () => {
    const delays = new Set([0.1, 0.3, 0.5, 0.7, 0.9].map((random) => backoffDelayMs(2, random)));
    expect(delays.size).toBe(5);
  });

  it('gives up after the bounded number of attempts', () => {
    expect(hasAttemptsLeft(SEND_BACKOFF.maxAttempts - 1)).toBe(true);
    expect(hasAttemptsLeft(SEND_BACKOFF.maxAttempts)).toBe(false);
  });
});

describe('the parameters of the templates', () => {
  const startsAt = new Date('2027-03-26T10:00:00Z');
  const previousStartsAt = new Date('2027-03-25T21:00:00Z');
  const facts = { firstName: 'Ana  Maria', className: 'Pilates\nSolo', timeZone: 'America/Sao_Paulo' };

  it('fill every placeholder of the kind, on one line each (Meta refuses line breaks)', () => {
    for (const language of ['pt_BR', 'en_US'] as const) {
      const reminder = classNoticeTemplate(language, { kind: 'REMINDER', startsAt }, facts);
      const moved = classNoticeTemplate(language, { kind: 'MOVED', startsAt, previousStartsAt }, facts);
      const canceled = classNoticeTemplate(language, { kind: 'CANCELED', previousStartsAt }, facts);
      const birthday = birthdayTemplate(language, 'Ana Maria', 'Studio\tRespiro');
      for (const message of [reminder, moved, canceled, birthday]) {
        const { text } = WHATSAPP_TEMPLATES[message.kind].body[language];
        expect(message.parameters).toHaveLength(placeholderCount(text));
        for (const parameter of message.parameters) expect(parameter).not.toMatch(/[\n\t]| {5}/);
      }
    }
  });

  it('write the time as the customer reads it, in the organization zone', () => {
    const moved = classNoticeTemplate('pt_BR', { kind: 'MOVED', startsAt, previousStartsAt }, facts);
    expect(moved.parameters).toEqual([
      'Ana',
      'Pilates Solo',
      'quinta-feira, 25/03, às 18:00',
      'agora é sexta-feira, 26/03, às 07:00',
    ]);
  });

  it('send a payment reminder through its template only with a PIX code', () => {
    const cycle = {
      customerName: 'Ana Souza',
      planName: 'Mensal',
      amountCents: 24_900,
      currency: 'BRL' as const,
    };
    expect(paymentReminderTemplate('pt_BR', { ...cycle, dueDate: '2027-04-10' })).toBeNull();
    const message = paymentReminderTemplate('pt_BR', {
      ...cycle,
      dueDate: '2027-04-10',
      pixCode: '000201pix',
    });
    expect(message?.parameters).toEqual(['Ana', 'R$ 249,00', '10/04/2027', '000201pix']);
  });
});

describe('when a screen keeps asking for statuses', () => {
  const status = (value: 'queued' | 'sent' | 'delivered' | 'read' | 'failed') => ({
    whatsApp: { status: value, errorCode: null, errorTitle: null, at: '2027-03-26T10:00:00Z' },
  });

  it('asks while a message may still move, and stops once each is read or failed', () => {
    expect(hasUnsettledWhatsApp([status('read'), status('queued')])).toBe(true);
    expect(hasUnsettledWhatsApp([status('delivered')])).toBe(true);
    expect(hasUnsettledWhatsApp([status('read'), status('failed'), { whatsApp: null }])).toBe(false);
    expect(hasUnsettledWhatsApp([])).toBe(false);
  });
});
