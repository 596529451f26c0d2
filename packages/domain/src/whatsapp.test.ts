import { describe, expect, it } from 'vitest';
import {
  isOptOutReply,
  isStatusForward,
  phoneMatchesWaId,
  phonesOfWaId,
  WhatsAppConnectionInput,
  WhatsAppTestMessageInput,
} from './whatsapp.ts';

describe('statuses move forward only', () => {
  it('accepts read after delivered, not delivered after read; a failure only before delivery', () => {
    expect(isStatusForward('accepted', 'sent')).toBe(true);
    expect(isStatusForward('sent', 'read')).toBe(true);
    expect(isStatusForward('read', 'delivered')).toBe(false);
    expect(isStatusForward('delivered', 'delivered')).toBe(false);
    expect(isStatusForward('sent', 'failed')).toBe(true);
    expect(isStatusForward('delivered', 'failed')).toBe(false);
    expect(isStatusForward('failed', 'read')).toBe(false);
  });
});

describe('wa_id and phones', () => {
  it('matches a Brazilian mobile with or without its ninth digit, a landline only as it is', () => {
    expect(phoneMatchesWaId('+5511987654321', '5511987654321')).toBe(true);
    expect(phoneMatchesWaId('+5511987654321', '551187654321')).toBe(true);
    expect(phoneMatchesWaId('+5511987654321', '551187654322')).toBe(false);
    expect(phonesOfWaId('551187654321')).toEqual(['+551187654321', '+5511987654321']);
    expect(phonesOfWaId('551132654321')).toEqual(['+551132654321']);
    expect(phonesOfWaId('16505551234')).toEqual(['+16505551234']);
  });
});

describe('opt-out replies', () => {
  it('reads SAIR, STOP, PARAR in any case, with accents or a full stop', () => {
    for (const text of ['SAIR', 'sair', ' Stop ', 'Parar.', 'CANCELAR!', 'descadastrar'])
      expect(isOptOutReply(text)).toBe(true);
    for (const text of ['Quero sair da aula de terça', 'ok', 'PARE']) expect(isOptOutReply(text)).toBe(false);
  });
});

describe('the connection form', () => {
  it('takes https Graph addresses without a path, numeric ids, and keeps secrets when left empty', () => {
    const parsed = WhatsAppConnectionInput.parse({
      phoneNumberId: ' 106540352242922 ',
      wabaId: '102290129340398',
      accessToken: '',
    });
    expect(parsed).toEqual({
      apiBaseUrl: 'https://graph.facebook.com',
      phoneNumberId: '106540352242922',
      wabaId: '102290129340398',
    });
    expect(
      WhatsAppConnectionInput.safeParse({
        apiBaseUrl: 'http://graph.facebook.com',
        phoneNumberId: '1',
        wabaId: '2',
      }).success,
    ).toBe(false);
    expect(
      WhatsAppConnectionInput.safeParse({
        apiBaseUrl: 'https://user:pw@graph.facebook.com',
        phoneNumberId: '1',
        wabaId: '2',
      }).success,
    ).toBe(false);
    expect(WhatsAppConnectionInput.safeParse({ phoneNumberId: 'abc', wabaId: '2' }).success).toBe(false);
  });

  it('stores a test number typed the Brazilian way in E.164', () => {
    expect(WhatsAppTestMessageInput.parse({ to: '(11) 98765-4321' })).toEqual({ to: '+5511987654321' });
    expect(WhatsAppTestMessageInput.safeParse({ to: '123' }).success).toBe(false);
  });
});
