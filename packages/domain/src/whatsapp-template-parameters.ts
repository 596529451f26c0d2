import { type ClassNotice, noticeDateTime } from './events-class-notices.ts';
import { paymentReminderValues, type ReminderFacts } from './events-templates.ts';
import type { Language } from './preferences.ts';
import type { WhatsAppTemplateKind } from './whatsapp-templates.ts';

/**
 * What fills the placeholders of each kind's Meta template (whatsapp-templates.ts), in its order. Meta's
 * templates have fixed words, so the studio's own wording of a kind (the events' configuration) is not sent
 * through the API: the template says the same in the words Meta approved.
 */
export type TemplateMessage = { kind: WhatsAppTemplateKind; language: Language; parameters: string[] };

/** Meta refuses a parameter with a line break, a tab or more than four spaces in a row. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export const firstNameOf = (name: string | null) => oneLine(name ?? '').split(' ')[0] ?? '';

const WHEN: Record<Language, (date: string, time: string) => string> = {
  pt_BR: (date, time) => `${date}, às ${time}`,
  en_US: (date, time) => `${date} at ${time}`,
};

const CHANGED: Record<Language, { movedTo: (when: string) => string; canceled: string; restored: string }> = {
  pt_BR: {
    movedTo: (when) => `agora é ${when}`,
    canceled: 'a aula foi cancelada',
    restored: 'a aula que tinha sido cancelada vai acontecer, com o seu lugar garantido',
  },
  en_US: {
    movedTo: (when) => `it is now ${when}`,
    canceled: 'the class was cancelled',
    restored: 'the class that had been cancelled is back on, with your place kept',
  },
};

/** A class reminder or the notice of a moved or cancelled class, for its template. */
export function classNoticeTemplate(
  language: Language,
  notice: ClassNotice,
  facts: { firstName: string; className: string; timeZone: string },
): TemplateMessage {
  const when = (instant: Date) => {
    const { date, time } = noticeDateTime(instant, facts.timeZone, language);
    return WHEN[language](date, time);
  };
  const firstName = firstNameOf(facts.firstName);
  const className = oneLine(facts.className);
  if (notice.kind === 'REMINDER')
    return { kind: 'CLASS_REMINDER', language, parameters: [firstName, className, when(notice.startsAt)] };
  // The template names the class by its time before the change; a restored class has the same time again.
  const [formerStart, change] =
    notice.kind === 'MOVED'
      ? [notice.previousStartsAt, CHANGED[language].movedTo(when(notice.startsAt))]
      : notice.kind === 'CANCELED'
        ? [notice.previousStartsAt, CHANGED[language].canceled]
        : [notice.startsAt, CHANGED[language].restored];
  return {
    kind: 'CLASS_CHANGED',
    language,
    parameters: [firstName, className, when(formerStart), change],
  };
}

/** The local date and time of an instant as the templates say it: "quinta-feira, 12/12, às 18:00". */
function whenIn(language: Language, instant: Date, timeZone: string) {
  const { date, time } = noticeDateTime(instant, timeZone, language);
  return WHEN[language](date, time);
}

/**
 * A seat offered from the waitlist: the class's time, until when the seat is held and the offer's secret link
 * (the template carries it in its body as CLASS_LINK does, to the customer's own number only).
 */
export function waitlistOfferTemplate(
  language: Language,
  facts: { firstName: string; startsAt: Date; expiresAt: Date; timeZone: string; link: string },
): TemplateMessage {
  return {
    kind: 'WAITLIST_OFFER',
    language,
    parameters: [
      firstNameOf(facts.firstName),
      whenIn(language, facts.startsAt, facts.timeZone),
      whenIn(language, facts.expiresAt, facts.timeZone),
      facts.link,
    ],
  };
}

/** The customer's portal link (decision 039: its token is in the URL's fragment, the template's {{2}}). */
export function classLinkTemplate(language: Language, firstName: string, link: string): TemplateMessage {
  return { kind: 'CLASS_LINK', language, parameters: [firstNameOf(firstName), link] };
}

/** A trial class booked on the studio's page: when, and where (the unit, with its address when it has one). */
export function trialBookedTemplate(
  language: Language,
  facts: {
    firstName: string;
    startsAt: Date;
    timeZone: string;
    establishmentName: string;
    address: string | null;
  },
): TemplateMessage {
  const place = facts.address ? `${facts.establishmentName}, ${facts.address}` : facts.establishmentName;
  return {
    kind: 'TRIAL_BOOKED',
    language,
    parameters: [
      firstNameOf(facts.firstName),
      whenIn(language, facts.startsAt, facts.timeZone),
      oneLine(place),
    ],
  };
}

export function birthdayTemplate(
  language: Language,
  customerName: string | null,
  organizationName: string,
): TemplateMessage {
  return { kind: 'BIRTHDAY', language, parameters: [firstNameOf(customerName), oneLine(organizationName)] };
}

/**
 * A payment reminder's template asks the customer to pay with the PIX code, so only a cycle with an open
 * charge has one (null otherwise: the message keeps today's path, the studio's own words).
 */
export function paymentReminderTemplate(language: Language, facts: ReminderFacts): TemplateMessage | null {
  if (!facts.pixCode) return null;
  const values = paymentReminderValues(facts);
  return {
    kind: 'PAYMENT_REMINDER',
    language,
    parameters: [
      firstNameOf(facts.customerName),
      `${values.currency} ${values.amount}`,
      values.dueDate ?? '',
      facts.pixCode,
    ],
  };
}
