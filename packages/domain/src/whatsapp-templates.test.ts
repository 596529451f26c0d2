import { describe, expect, it } from 'vitest';
import {
  placeholderCount,
  templateStatusOf,
  WHATSAPP_TEMPLATE_KINDS,
  WHATSAPP_TEMPLATE_LANGUAGES,
  WHATSAPP_TEMPLATES,
} from './whatsapp-templates.ts';

/** Meta refuses templates that break its rules at review; these are the rules it states, checked before it does. */
describe('the WhatsApp template catalogue', () => {
  it('has a template per kind, named as Meta allows, utility except the birthday', () => {
    expect(WHATSAPP_TEMPLATE_KINDS).toEqual([
      'BIRTHDAY',
      'PAYMENT_REMINDER',
      'WAITLIST_OFFER',
      'CLASS_LINK',
      'TRIAL_BOOKED',
      'CLASS_REMINDER',
      'CLASS_CHANGED',
    ]);
    for (const kind of WHATSAPP_TEMPLATE_KINDS) {
      const template = WHATSAPP_TEMPLATES[kind];
      expect(template.name).toMatch(/^[a-z0-9_]{1,512}$/);
      expect(template.category).toBe(kind === 'BIRTHDAY' ? 'MARKETING' : 'UTILITY');
    }
  });

  it('numbers placeholders 1..n, never at the start or end of the body, with an example for each, in every language', () => {
    for (const kind of WHATSAPP_TEMPLATE_KINDS) {
      const template = WHATSAPP_TEMPLATES[kind];
      for (const language of WHATSAPP_TEMPLATE_LANGUAGES) {
        const { text, example } = template.body[language];
        const count = placeholderCount(text);
        expect(count, `${kind} ${language}`).toBe(template.parameters.length);
        expect(example, `${kind} ${language}`).toHaveLength(count);
        const numbers = [...text.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
        expect(numbers, `${kind} ${language}`).toEqual(
          Array.from({ length: count }, (_, index) => index + 1),
        );
        expect(text.trim(), `${kind} ${language}`).not.toMatch(/^\{\{|\}\}[.!]?$/);
        expect(text.length).toBeLessThanOrEqual(1024);
      }
    }
  });

  it('reads Meta’s review states, anything else as OTHER', () => {
    expect(templateStatusOf(null)).toBe('MISSING');
    expect(templateStatusOf('APPROVED')).toBe('APPROVED');
    expect(templateStatusOf('REJECTED')).toBe('REJECTED');
    expect(templateStatusOf('PAUSED')).toBe('OTHER');
  });
});
