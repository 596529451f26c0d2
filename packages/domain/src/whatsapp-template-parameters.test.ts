import { describe, expect, it } from 'vitest';
import {
  classLinkTemplate,
  trialBookedTemplate,
  waitlistOfferTemplate,
} from './whatsapp-template-parameters.ts';
import { placeholderCount, WHATSAPP_TEMPLATES } from './whatsapp-templates.ts';

// Thursday 12 December 2030, 18:00 in São Paulo (UTC−3).
const startsAt = new Date('2030-12-12T21:00:00Z');
const timeZone = 'America/Sao_Paulo';

describe('the templates of the waitlist offer, the portal link and the trial confirmation', () => {
  it("fill the waitlist offer's four placeholders: name, class time, hold time and the offer's link", () => {
    const template = waitlistOfferTemplate('pt_BR', {
      firstName: 'Ana  Maria Souza',
      startsAt,
      expiresAt: new Date('2030-12-12T17:30:00Z'),
      timeZone,
      link: 'https://app.example.com/waitlist-offers/abc',
    });
    expect(template).toEqual({
      kind: 'WAITLIST_OFFER',
      language: 'pt_BR',
      parameters: [
        'Ana',
        'quinta-feira, 12/12, às 18:00',
        'quinta-feira, 12/12, às 14:30',
        'https://app.example.com/waitlist-offers/abc',
      ],
    });
    expect(template.parameters).toHaveLength(
      placeholderCount(WHATSAPP_TEMPLATES.WAITLIST_OFFER.body.pt_BR.text),
    );
  });

  it('carry the portal link, secret fragment and all, as the one link of CLASS_LINK', () => {
    const template = classLinkTemplate('en_US', 'Bia', 'https://app.example.com/portal/link#t=secret');
    expect(template).toEqual({
      kind: 'CLASS_LINK',
      language: 'en_US',
      parameters: ['Bia', 'https://app.example.com/portal/link#t=secret'],
    });
    expect(template.parameters).toHaveLength(placeholderCount(WHATSAPP_TEMPLATES.CLASS_LINK.body.en_US.text));
  });

  it('say where the trial class is, with the address on one line when the unit has one', () => {
    const facts = { firstName: 'Caio', startsAt, timeZone, establishmentName: 'Centro' };
    expect(trialBookedTemplate('en_US', { ...facts, address: 'Rua das Flores, 100\nSão Paulo' })).toEqual({
      kind: 'TRIAL_BOOKED',
      language: 'en_US',
      parameters: ['Caio', 'Thursday, 12/12 at 06:00 PM', 'Centro, Rua das Flores, 100 São Paulo'],
    });
    const bare = trialBookedTemplate('pt_BR', { ...facts, address: null });
    expect(bare.parameters[2]).toBe('Centro');
    expect(bare.parameters).toHaveLength(placeholderCount(WHATSAPP_TEMPLATES.TRIAL_BOOKED.body.pt_BR.text));
  });
});
