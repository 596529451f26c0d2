import { z } from 'zod';
import { EVENT_CHANNELS, EVENT_VALIDATION, EventChannel } from './events.ts';
import { renderTemplate } from './events-templates.ts';
import type { Language } from './preferences.ts';
import { V } from './validation.ts';

/**
 * Class reminders and "class moved or cancelled" notices (issue #32, decision 050): messages about one
 * session to everyone on its roster, through the events' delivery. Their words are fixed here in both
 * languages (the organization's message language, decision 024's setting); the studio chooses when and on
 * which channels.
 */

/** Hours before a session its reminder goes out; 0 turns reminders off. */
export const CLASS_REMINDER_HOURS = { min: 0, max: 48 } as const;

/**
 * Deactivating a schedule cancels every session still ahead of it, up to a year of them (decision 040); one
 * notice per session would bury a customer in messages, so only the sessions of the coming week are told.
 */
export const CLASS_CANCEL_NOTICE_DAYS = 7;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const channels = z
  .array(EventChannel)
  .max(EVENT_CHANNELS.length, V.max)
  .transform((list) => EVENT_CHANNELS.filter((channel) => list.includes(channel)));

export const ClassNoticeSettingsInput = z
  .object({
    reminderHours: z
      .number(V.number)
      .int(V.number)
      .min(CLASS_REMINDER_HOURS.min, V.outOfRange)
      .max(CLASS_REMINDER_HOURS.max, V.outOfRange),
    reminderChannels: channels,
    changeNoticeEnabled: z.boolean(V.required),
    changeChannels: channels,
  })
  .superRefine((settings, ctx) => {
    if (settings.reminderHours > 0 && settings.reminderChannels.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['reminderChannels'],
        message: EVENT_VALIDATION.channelsRequired,
      });
    if (settings.changeNoticeEnabled && settings.changeChannels.length === 0)
      ctx.addIssue({ code: 'custom', path: ['changeChannels'], message: EVENT_VALIDATION.channelsRequired });
  });
export type ClassNoticeSettingsInput = z.input<typeof ClassNoticeSettingsInput>;
export type ClassNoticeSettingsValues = z.output<typeof ClassNoticeSettingsInput>;

/** As stored; `savedAt` null: never saved, the defaults apply. */
export const ClassNoticeSettings = z.object({
  reminderHours: z.number().int(),
  reminderChannels: z.array(EventChannel),
  changeNoticeEnabled: z.boolean(),
  changeChannels: z.array(EventChannel),
  savedAt: z.string().nullable(),
});
export type ClassNoticeSettings = z.infer<typeof ClassNoticeSettings>;

/**
 * Never saved: a reminder the day before by e-mail (it goes by itself, or waits in the outbox without SMTP),
 * and the notices of a move or cancellation on e-mail and WhatsApp — rare, and the customer must hear of them.
 * WhatsApp reminders are the studio's choice: each waits in the outbox for a member to open it.
 */
export const DEFAULT_CLASS_NOTICE_SETTINGS: ClassNoticeSettingsValues = {
  reminderHours: 24,
  reminderChannels: ['EMAIL'],
  changeNoticeEnabled: true,
  changeChannels: ['EMAIL', 'WHATSAPP'],
};

/**
 * A reminder's occasion: the session at its start. A session moved after its reminder went gets another for
 * its new time; the same start is claimed once per customer and channel.
 */
export function classReminderOccasion(sessionId: string, startsAt: Date): string {
  return `reminder:${sessionId}:${startsAt.toISOString()}`;
}

/** A move's or cancellation's occasion: each change of the session is its own (`changeId`, made per change). */
export function classChangeOccasion(sessionId: string, changeId: string): string {
  return `changed:${sessionId}:${changeId}`;
}

/** The reminder is due from `hours` before the start until the start itself (then it is too late). */
export function isReminderDue(startsAt: Date, now: Date, hours: number): boolean {
  if (hours <= 0) return false;
  const ahead = startsAt.getTime() - now.getTime();
  return ahead > 0 && ahead <= hours * HOUR_MS;
}

/** The starts whose reminder is due at `now`: after now, up to `hours` later (both as `isReminderDue`). */
export function reminderWindow(now: Date, hours: number): { after: Date; until: Date } {
  return { after: now, until: new Date(now.getTime() + Math.max(0, hours) * HOUR_MS) };
}

/**
 * A move tells the roster when the start changed — the only time the notice names. Saving the same slot again
 * (a double click, a second tab) changes nothing and tells no one.
 */
export function hasStartMoved(before: Date, after: Date): boolean {
  return before.getTime() !== after.getTime();
}

/** A cancelled session is told when it had not started and starts within the coming week. */
export function isCancelNoticeDue(startsAt: Date, now: Date): boolean {
  const ahead = startsAt.getTime() - now.getTime();
  return ahead > 0 && ahead <= CLASS_CANCEL_NOTICE_DAYS * DAY_MS;
}

type NoticeTexts = { reminder: string; moved: string; canceled: string; restored: string; portal: string };

/** The words of each notice; `portal` is the line added when the server knows its public address. */
export const CLASS_NOTICE_TEXTS: Record<Language, NoticeTexts> = {
  pt_BR: {
    reminder:
      'Olá, {firstName}! Passando para lembrar da sua aula de {className} em {establishmentName}: {date}, às {time}. Até lá!',
    moved:
      'Olá, {firstName}! Sua aula de {className} em {establishmentName} mudou de horário: era {oldDate}, às {oldTime}, e agora é {date}, às {time}.',
    canceled:
      'Olá, {firstName}! A aula de {className} em {establishmentName} de {oldDate}, às {oldTime}, foi cancelada. Desculpe o transtorno!',
    restored:
      'Olá, {firstName}! Boa notícia: a aula de {className} em {establishmentName} de {date}, às {time}, que tinha sido cancelada, vai acontecer. Seu lugar está garantido.',
    portal: 'Suas aulas, remarcações e cancelamentos ficam no portal: {portalLink}',
  },
  en_US: {
    reminder:
      'Hi {firstName}! A reminder of your {className} class at {establishmentName}: {date} at {time}. See you there!',
    moved:
      'Hi {firstName}! Your {className} class at {establishmentName} has moved: it was {oldDate} at {oldTime} and is now {date} at {time}.',
    canceled:
      'Hi {firstName}! The {className} class at {establishmentName} on {oldDate} at {oldTime} has been cancelled. Sorry for the inconvenience.',
    restored:
      'Hi {firstName}! Good news: the {className} class at {establishmentName} on {date} at {time}, which had been cancelled, is back on. Your place is kept.',
    portal: 'Your classes, make-ups and cancellations are in the portal: {portalLink}',
  },
};

const LOCALES: Record<Language, string> = { pt_BR: 'pt-BR', en_US: 'en-US' };

/**
 * A session's start as its customer reads it, in the organization's zone: "sexta-feira, 26/03" and "07:00" in
 * pt_BR, "Friday, 03/26" and "07:00 AM" in en_US.
 */
export function noticeDateTime(
  instant: Date,
  timeZone: string,
  language: Language,
): { date: string; time: string } {
  const locale = LOCALES[language];
  const date = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    timeZone,
  }).format(instant);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(
    instant,
  );
  return { date, time };
}

export type ClassNotice =
  | { kind: 'REMINDER'; startsAt: Date }
  | { kind: 'MOVED'; startsAt: Date; previousStartsAt: Date }
  | { kind: 'CANCELED'; previousStartsAt: Date }
  /** A cancelled session switched on again (a reactivated schedule): its roster hears it is back. */
  | { kind: 'RESTORED'; startsAt: Date };

export type ClassNoticeFacts = {
  firstName: string;
  className: string;
  establishmentName: string;
  timeZone: string;
  /** `${PUBLIC_URL}/portal`, or null when the server does not know its address. */
  portalLink: string | null;
};

/** The message of one notice to one customer, in the organization's message language. */
export function classNoticeMessage(language: Language, notice: ClassNotice, facts: ClassNoticeFacts): string {
  const texts = CLASS_NOTICE_TEXTS[language];
  const now = 'startsAt' in notice ? noticeDateTime(notice.startsAt, facts.timeZone, language) : null;
  const before =
    'previousStartsAt' in notice ? noticeDateTime(notice.previousStartsAt, facts.timeZone, language) : null;
  const values = {
    firstName: facts.firstName,
    className: facts.className,
    establishmentName: facts.establishmentName,
    date: now?.date,
    time: now?.time,
    oldDate: before?.date,
    oldTime: before?.time,
    portalLink: facts.portalLink,
  };
  const template = {
    REMINDER: texts.reminder,
    MOVED: texts.moved,
    CANCELED: texts.canceled,
    RESTORED: texts.restored,
  }[notice.kind];
  const text = renderTemplate(template, values);
  return facts.portalLink ? `${text}\n${renderTemplate(texts.portal, values)}` : text;
}
