import {
  type CreatableRecordType,
  RECORD_DOCUMENTS,
  RECORD_SECTIONS,
} from '@reformer/domain/medical-records';
import { THRESHOLDS } from '@reformer/domain/medical-records-thresholds';
import { z } from 'zod';

/**
 * The clinical forms and summaries are drawn from the domain's document schemas (their JSON Schema): each
 * field's kind, options and bounds come from there, so a field added to a schema shows without a form
 * change. Labels follow the catalogs' convention (`medicalRecords.fields.<section>.<field>`).
 */

export type FieldKind = 'multiChoice' | 'singleChoice' | 'number' | 'computed' | 'text' | 'date' | 'yesNo';

export type RecordField = {
  /** The path inside the document: "vitals.heightCm", or "observations" for a field outside a section. */
  path: string;
  labelKey: string;
  kind: FieldKind;
  options: readonly string[];
  min?: number | undefined;
  max?: number | undefined;
  isInteger: boolean;
  maxLength?: number | undefined;
  isRequired: boolean;
};

/** A step of the form and a part of the summary; OTHER's fields form one untitled section. */
export type RecordSection = { key: string; labelKey: string | null; fields: RecordField[] };

type JsonSchema = {
  type?: string | string[];
  enum?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};

function kindOf(schema: JsonSchema): { kind: FieldKind; value: JsonSchema } {
  if (schema.type === 'array') return { kind: 'multiChoice', value: schema.items ?? {} };
  if (schema.type === 'boolean') return { kind: 'yesNo', value: schema };
  // A date is a string nullable as a whole (optionalDate); free text is a bounded string or null.
  if (Array.isArray(schema.type)) {
    return { kind: schema.type.includes('number') ? 'computed' : 'date', value: schema };
  }
  const value = schema.anyOf?.find((part) => part.type !== 'null') ?? schema;
  if (value.enum) return { kind: 'singleChoice', value };
  if (value.type === 'number' || value.type === 'integer') return { kind: 'number', value };
  return { kind: 'text', value };
}

function fieldOf(path: string, labelKey: string, schema: JsonSchema, isRequired: boolean): RecordField {
  const { kind, value } = kindOf(schema);
  return {
    path,
    labelKey,
    kind,
    options: value.enum ?? [],
    min: value.minimum,
    max: value.maximum,
    isInteger: value.type === 'integer',
    maxLength: value.maxLength,
    isRequired,
  };
}

function describeSections(type: CreatableRecordType): RecordSection[] {
  const schema = z.toJSONSchema(RECORD_DOCUMENTS[type], {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  const properties = schema.properties ?? {};
  const ownLabel = (name: string) => `medicalRecords.fields.${type.toLowerCase()}.${name}`;
  const sectionNames = RECORD_SECTIONS[type];
  if (sectionNames.length === 0) {
    const fields = Object.entries(properties).map(([name, part]) =>
      fieldOf(name, ownLabel(name), part, schema.required?.includes(name) ?? false),
    );
    return [{ key: type.toLowerCase(), labelKey: null, fields }];
  }
  return sectionNames.map((name) => {
    const part = properties[name] ?? {};
    const labelKey = `medicalRecords.sections.${name}`;
    if (!part.properties)
      return { key: name, labelKey, fields: [fieldOf(name, ownLabel(name), part, false)] };
    const fields = Object.entries(part.properties).map(([field, fieldSchema]) =>
      fieldOf(
        `${name}.${field}`,
        `medicalRecords.fields.${name}.${field}`,
        fieldSchema,
        part.required?.includes(field) ?? false,
      ),
    );
    return { key: name, labelKey, fields };
  });
}

const described = new Map<CreatableRecordType, RecordSection[]>();

/** The type's sections in the form's order, each with its fields (computed once per type). */
export function recordSections(type: CreatableRecordType): RecordSection[] {
  let sections = described.get(type);
  if (!sections) {
    sections = describeSections(type);
    described.set(type, sections);
  }
  return sections;
}

function emptyValue(field: RecordField): unknown {
  if (field.kind === 'multiChoice') return [];
  if (field.kind === 'yesNo') return false;
  if (field.kind === 'text') return '';
  return null;
}

/** A document with every field unanswered, in the shape the form edits. */
export function emptyDocument(type: CreatableRecordType): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const field of recordSections(type).flatMap((section) => section.fields)) {
    const [first, second] = field.path.split('.') as [string, string | undefined];
    if (second === undefined) {
      document[first] = emptyValue(field);
      continue;
    }
    document[first] = { ...(document[first] as object | undefined), [second]: emptyValue(field) };
  }
  return document;
}

/** The unit a measure is typed in, from its field's name ("heightCm" → cm). */
const UNITS: [suffix: string, unit: string][] = [
  ['Cm', 'cm'],
  ['Kg', 'kg'],
  ['Bpm', 'bpm'],
  ['MmHg', 'mmHg'],
  ['Seconds', 'seconds'],
  ['Deg', 'degrees'],
  ['UnitsPerWeek', 'unitsPerWeek'],
  ['bmi', 'kgPerM2'],
];

export function unitOf(path: string): string | null {
  return UNITS.find(([suffix]) => path.endsWith(suffix))?.[1] ?? null;
}

type Hint = { key: string; params: Record<string, number> };

/** The clinical threshold a measure is read against (spec: "Clinical thresholds used in the forms"). */
const HINTS: [pattern: RegExp, hint: Hint][] = [
  [/\.(painIntensity|painScore)$/, { key: 'painScale', params: { severeFrom: THRESHOLDS.painSevereFrom } }],
  [
    /\.hamstring(Left|Right)Deg$/,
    { key: 'hamstring', params: { threshold: THRESHOLDS.hamstringShortBelowDeg } },
  ],
  [
    /\.plankSeconds$/,
    {
      key: 'plank',
      params: { weakBelow: THRESHOLDS.plankWeakBelowSeconds, strongFrom: THRESHOLDS.plankStrongFromSeconds },
    },
  ],
  [/\.alcoholUnitsPerWeek$/, { key: 'alcohol', params: { limit: THRESHOLDS.alcoholUnitsPerWeekLimit } }],
  [
    /\.stepTestRecoveryBpm$/,
    { key: 'stepTest', params: { threshold: THRESHOLDS.stepTestRecoveryFlagFromBpm } },
  ],
  [
    /\.singleLegStance(Left|Right)Seconds$/,
    { key: 'singleLegStance', params: { target: THRESHOLDS.singleLegStanceTargetSeconds } },
  ],
  [/\.bmi$/, { key: 'bmi', params: {} }],
  [/\.functionalMovementScore$/, { key: 'fms', params: { threshold: THRESHOLDS.fmsAtRiskUpTo } }],
];

export function hintOf(field: RecordField): Hint | null {
  const found = HINTS.find(([pattern]) => pattern.test(field.path));
  if (found) return found[1];
  if (field.kind === 'multiChoice' && field.options.includes('NONE'))
    return { key: 'exclusiveNone', params: {} };
  return null;
}
