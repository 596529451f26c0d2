import { describe, expect, it } from 'vitest';
import { EVENT_VALIDATION } from './events.ts';
import {
  CLASS_NOTICE_TEXTS,
  ClassNoticeSettingsInput,
  classChangeOccasion,
  classNoticeMessage,
  classReminderOccasion,
  hasStartMoved,
  isCancelNoticeDue,
  isReminderDue,
  noticeDateTime,
  reminderWindow,
} from './events-class-notices.ts';
import { unknownPlaceholders } from './events-templates.ts';
import { classNoticeTemplate } from './whatsapp-template-parameters.ts';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe('when a class reminder is due', () => {
  const starts = at('2027-03-26T10:00:00Z');

  it('is due from exactly the hours before the start until just before it', () => {
    expect(isReminderDue(starts, new Date(starts.getTime() - 24 * HOUR - 1), 24)).toBe(false);
    expect(isReminderDue(starts, new Date(starts.getTime() - 24 * HOUR), 24)).toBe(true);
    expect(isReminderDue(starts, new Date(starts.getTime() - 1), 24)).toBe(true);
  });

  it('is never due at or after the start, nor with reminders off (0 hours)', () => {
    expect(isReminderDue(starts, starts, 24)).toBe(false);
    expect(isReminderDue(starts, new Date(starts.getTime() + HOUR), 24)).toBe(false);
    expect(isReminderDue(starts, new Date(starts.getTime() - HOUR), 0)).toBe(false);
  });

  it("matches the window the job's query reads", () => {
    const now = at('2027-03-25T12:00:00Z');
    const window = reminderWindow(now, 24);
    expect(window.after).toEqual(now);
    expect(window.until).toEqual(at('2027-03-26T12:00:00Z'));
    for (const offset of [0, 1, 12 * HOUR, 24 * HOUR, 24 * HOUR + 1]) {
      const start = new Date(now.getTime() + offset);
      const inWindow = start > window.after && start <= window.until;
      expect(isReminderDue(start, now, 24)).toBe(inWindow);
    }
  });
});

describe('occasions', () => {
  const session = '0190c9a0-0000-7000-8000-000000000001';

  it('makes a moved session a new reminder occasion, the same start the same one', () => {
    const first = classReminderOccasion(session, at('2027-03-26T10:00:00Z'));
    expect(classReminderOccasion(session, at('2027-03-26T10:00:00.000Z'))).toBe(first);
    expect(classReminderOccasion(session, at('2027-03-26T11:00:00Z'))).not.toBe(first);
  });

  it('makes each change of a session its own occasion', () => {
    expect(classChangeOccasion(session, 'a')).not.toBe(classChangeOccasion(session, 'b'));
  });

  it('tells a move only when the start changed (a double click tells no one)', () => {
    expect(hasStartMoved(at('2027-03-26T10:00:00Z'), at('2027-03-26T10:00:00Z'))).toBe(false);
    expect(hasStartMoved(at('2027-03-26T10:00:00Z'), at('2027-03-27T10:00:00Z'))).toBe(true);
  });

  it('tells a cancellation of a session that has not started and starts within 7 days', () => {
    const now = at('2027-03-20T12:00:00Z');
    expect(isCancelNoticeDue(now, now)).toBe(false);
    expect(isCancelNoticeDue(new Date(now.getTime() + HOUR), now)).toBe(true);
    expect(isCancelNoticeDue(new Date(now.getTime() + 7 * 24 * HOUR), now)).toBe(true);
    expect(isCancelNoticeDue(new Date(now.getTime() + 7 * 24 * HOUR + 1), now)).toBe(false);
  });
});

describe('settings', () => {
  const valid = {
    reminderHours: 24,
    reminderChannels: ['EMAIL'],
    changeNoticeEnabled: true,
    changeChannels: ['WHATSAPP'],
  };

  it('takes 0 (off) to 48 hours', () => {
    for (const hours of [0, 1, 48])
      expect(ClassNoticeSettingsInput.safeParse({ ...valid, reminderHours: hours }).success).toBe(true);
    for (const hours of [-1, 49, 1.5])
      expect(ClassNoticeSettingsInput.safeParse({ ...valid, reminderHours: hours }).success).toBe(false);
  });

  it('needs a channel for what is on, and none for what is off', () => {
    const noReminderChannel = ClassNoticeSettingsInput.safeParse({ ...valid, reminderChannels: [] });
    expect(noReminderChannel.error?.issues[0]).toMatchObject({
      path: ['reminderChannels'],
      message: EVENT_VALIDATION.channelsRequired,
    });
    const noChangeChannel = ClassNoticeSettingsInput.safeParse({ ...valid, changeChannels: [] });
    expect(noChangeChannel.error?.issues[0]?.path).toEqual(['changeChannels']);
    const allOff = { reminderHours: 0, reminderChannels: [], changeNoticeEnabled: false, changeChannels: [] };
    expect(ClassNoticeSettingsInput.safeParse(allOff).success).toBe(true);
  });

  it('keeps channels once each, in the usual order', () => {
    const parsed = ClassNoticeSettingsInput.parse({
      ...valid,
      reminderChannels: ['WHATSAPP', 'EMAIL', 'WHATSAPP'],
    });
    expect(parsed.reminderChannels).toEqual(['EMAIL', 'WHATSAPP']);
  });
});

describe('the messages', () => {
  const facts = {
    firstName: 'Maria',
    className: 'Pilates Reformer',
    establishmentName: 'Unidade Centro',
    timeZone: 'America/Sao_Paulo',
    portalLink: 'https://studio.example/portal',
  };
  // 10:00 UTC is 07:00 in São Paulo (no daylight saving since 2019).
  const starts = at('2027-03-26T10:00:00Z');
  const before = at('2027-03-25T21:30:00Z');

  it('writes dates and times the Brazilian way in pt_BR and the American way in en_US', () => {
    expect(noticeDateTime(starts, facts.timeZone, 'pt_BR')).toEqual({
      date: 'sexta-feira, 26/03',
      time: '07:00',
    });
    expect(noticeDateTime(starts, facts.timeZone, 'en_US')).toEqual({
      date: 'Friday, 03/26',
      time: '07:00 AM',
    });
  });

  it('reminds with the class, the place, the local date and time and the portal', () => {
    const text = classNoticeMessage('pt_BR', { kind: 'REMINDER', startsAt: starts }, facts);
    expect(text).toBe(
      'Olá, Maria! Passando para lembrar da sua aula de Pilates Reformer em Unidade Centro: sexta-feira, 26/03, às 07:00. Até lá!\n' +
        'Suas aulas, remarcações e cancelamentos ficam no portal: https://studio.example/portal',
    );
  });

  it('tells a move with the old and the new time', () => {
    const notice = { kind: 'MOVED', startsAt: starts, previousStartsAt: before } as const;
    const text = classNoticeMessage('en_US', notice, { ...facts, portalLink: null });
    expect(text).toBe(
      'Hi Maria! Your Pilates Reformer class at Unidade Centro has moved: it was Thursday, 03/25 at 06:30 PM and is now Friday, 03/26 at 07:00 AM.',
    );
  });

  it('tells a cancellation with the time it had', () => {
    const text = classNoticeMessage('pt_BR', { kind: 'CANCELED', previousStartsAt: starts }, facts);
    expect(text.split('\n')[0]).toBe(
      'Olá, Maria! A aula de Pilates Reformer em Unidade Centro de sexta-feira, 26/03, às 07:00, foi cancelada. Desculpe o transtorno!',
    );
  });

  it('tells a cancelled class is back on, at its time, and as the WhatsApp template words it', () => {
    const restored = { kind: 'RESTORED', startsAt: starts } as const;
    expect(classNoticeMessage('pt_BR', restored, facts).split('\n')[0]).toBe(
      'Olá, Maria! Boa notícia: a aula de Pilates Reformer em Unidade Centro de sexta-feira, 26/03, às 07:00, que tinha sido cancelada, vai acontecer. Seu lugar está garantido.',
    );
    expect(classNoticeTemplate('en_US', restored, facts).parameters).toEqual([
      'Maria',
      'Pilates Reformer',
      'Friday, 03/26 at 07:00 AM',
      'the class that had been cancelled is back on, with your place kept',
    ]);
  });

  it('leaves no placeholder unfilled in either language', () => {
    for (const texts of Object.values(CLASS_NOTICE_TEXTS))
      for (const template of Object.values(texts))
        expect(
          unknownPlaceholders(template, [
            'firstName',
            'className',
            'establishmentName',
            'date',
            'time',
            'oldDate',
            'oldTime',
            'portalLink',
          ]),
        ).toEqual([]);
    const notices = [
      { kind: 'REMINDER', startsAt: starts },
      { kind: 'MOVED', startsAt: starts, previousStartsAt: before },
      { kind: 'CANCELED', previousStartsAt: starts },
      { kind: 'RESTORED', startsAt: starts },
    ] as const;
    for (const language of ['pt_BR', 'en_US'] as const)
      for (const notice of notices) expect(classNoticeMessage(language, notice, facts)).not.toMatch(/[{}]/);
  });
});
