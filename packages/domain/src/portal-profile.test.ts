import { describe, expect, it } from 'vitest';
import { PortalProfileInput, profileChanges } from './portal-profile.ts';

const stored = {
  email: 'bia@example.com',
  phone: '+5511987654321',
  isWhatsapp: false,
  zipCode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  apartment: null,
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  emergencyContactName: null,
  emergencyContactPhone: null,
};

describe('the portal profile', () => {
  it('stores contacts the way staff’s form does: E.164 phones, CEP 00000-000, e-mail in lower case', () => {
    const values = PortalProfileInput.parse({
      ...stored,
      country: 'BR',
      email: 'Bia@Example.com',
      phone: '(11) 91234-5678',
      zipCode: '01310100',
      emergencyContactPhone: '11 3333-4444',
    });
    expect(values).toMatchObject({
      email: 'bia@example.com',
      phone: '+5511912345678',
      zipCode: '01310-100',
      emergencyContactPhone: '+551133334444',
    });
  });

  it('refuses an invalid phone and CEP with the form’s messages', () => {
    const result = PortalProfileInput.safeParse({ ...stored, country: 'BR', phone: '123', zipCode: '0131' });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['phone', 'validation.phone'],
      ['zipCode', 'validation.cep'],
    ]);
  });

  it('lists only the fields that changed, old → new', () => {
    const after = { ...stored, phone: '+5511912345678', isWhatsapp: true, apartment: 'Apto 12' };
    expect(profileChanges(stored, after)).toEqual([
      { field: 'phone', from: '+5511987654321', to: '+5511912345678' },
      { field: 'isWhatsapp', from: 'false', to: 'true' },
      { field: 'apartment', from: null, to: 'Apto 12' },
    ]);
    expect(profileChanges(stored, { ...stored })).toEqual([]);
  });
});
