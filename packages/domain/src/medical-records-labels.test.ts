import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import enUS from './i18n/en_US.json' with { type: 'json' };
import ptBR from './i18n/pt_BR.json' with { type: 'json' };
import { type Catalog, translate } from './i18n.ts';
import {
  MEDICAL_RECORD_AUDIT_ACTIONS,
  MEDICAL_RECORD_TYPES,
  RECORD_DOCUMENTS,
  RECORD_SECTIONS,
} from './medical-records.ts';
import { FLAG_CODES } from './medical-records-thresholds.ts';

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: string[];
  anyOf?: JsonSchema[];
};

/** Every option code anywhere in a schema. */
function codesOf(schema: JsonSchema): string[] {
  return [
    ...(schema.enum ?? []),
    ...Object.values(schema.properties ?? {}).flatMap(codesOf),
    ...(schema.items ? codesOf(schema.items) : []),
    ...(schema.anyOf ?? []).flatMap(codesOf),
  ];
}

/**
 * The catalog keys the forms and summaries use: `medicalRecords.sections.<section>`,
 * `medicalRecords.fields.<section>.<field>` (fields outside a section under the type: `treatment`, `other`),
 * `medicalRecords.options.<CODE>`.
 */
function labelKeys(): string[] {
  const keys = new Set<string>();
  for (const [type, document] of Object.entries(RECORD_DOCUMENTS)) {
    const schema = z.toJSONSchema(document, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    for (const [name, part] of Object.entries(schema.properties ?? {})) {
      if (part.properties) {
        keys.add(`medicalRecords.sections.${name}`);
        for (const field of Object.keys(part.properties)) keys.add(`medicalRecords.fields.${name}.${field}`);
      } else {
        keys.add(`medicalRecords.fields.${type.toLowerCase()}.${name}`);
      }
    }
    for (const code of codesOf(schema)) keys.add(`medicalRecords.options.${code}`);
  }
  for (const section of Object.values(RECORD_SECTIONS).flat()) keys.add(`medicalRecords.sections.${section}`);
  for (const type of MEDICAL_RECORD_TYPES) keys.add(`medicalRecords.types.${type}`);
  for (const flag of FLAG_CODES) keys.add(`medicalRecords.flags.${flag}`);
  for (const action of MEDICAL_RECORD_AUDIT_ACTIONS) keys.add(`medicalRecords.auditActions.${action}`);
  return [...keys];
}

describe('medical record labels', () => {
  it('exist in English and Portuguese for every type, section, field, option, flag and audit action', () => {
    const keys = labelKeys();
    expect(keys.length).toBeGreaterThan(500);
    for (const catalog of [enUS, ptBR] as Catalog[]) {
      expect(keys.filter((key) => translate(catalog, key) === key)).toEqual([]);
    }
  });

  it("keep the spec's wording", () => {
    expect(translate(enUS, 'medicalRecords.unsupportedType')).toBe(
      'This record type is not supported for viewing.',
    );
    expect(translate(enUS, 'medicalRecords.sections.readinessAndGoals')).toBe('Readiness and Goals');
  });
});
