import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.ts';
import enUS from './i18n/en_US.json' with { type: 'json' };
import ptBR from './i18n/pt_BR.json' with { type: 'json' };
import { type Catalog, translate } from './i18n.ts';
import { ESTABLISHMENT_ROLES, ORG_ROLES } from './permissions.ts';
import { V } from './validation.ts';

function flatten(catalog: Catalog, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalog).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const en = flatten(enUS);
const pt = flatten(ptBR);
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('catalogs', () => {
  it('have the same keys in English and Portuguese', () => {
    expect(Object.keys(pt).sort()).toEqual(Object.keys(en).sort());
  });

  it('use the same placeholders in both languages', () => {
    const mismatched = Object.keys(en).filter(
      (key) => placeholders(en[key] ?? '').join() !== placeholders(pt[key] ?? '').join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('translate every error code, validation message and role', () => {
    const needed = [
      ...Object.keys(ERROR_CODES).map((code) => `errors.${code}`),
      ...Object.values(V),
      ...[...ORG_ROLES, ...ESTABLISHMENT_ROLES].map((role) => `roles.${role}`),
    ];
    expect(needed.filter((key) => !(key in en))).toEqual([]);
    expect(needed.filter((key) => !(key in pt))).toEqual([]);
  });

  it('keep the spec wording for the catalogue messages', () => {
    expect(translate(enUS, V.organizationNameRequired)).toBe('Organization name is required');
    expect(translate(enUS, V.min, { min: 8 })).toBe('Must be at least 8 characters');
    expect(translate(enUS, 'errors.INVITATION_INVALID')).toBe(
      'This invitation link is invalid, expired, or has already been used.',
    );
    expect(translate(enUS, 'roles.ORG_MEDICAL_PROFESSIONAL')).toBe('Instructor');
  });
});
