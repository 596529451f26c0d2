import fc from 'fast-check';
import {
  boundaryNumbers,
  HOSTILE_DATES,
  HOSTILE_IDS,
  HOSTILE_STRINGS,
  UNKNOWN_FIELDS,
  WRONG_TYPES,
} from './hostile-values.ts';
import type { JsonSchema } from './requests.ts';
import { dateFromToday } from './seed-objects.ts';

/** Real values by field or parameter name (`establishmentId` → the seed's establishment), to reach past 404s. */
export type RealValues = Record<string, readonly string[]>;

const TIME_ZONES = ['America/Sao_Paulo', 'UTC', 'Europe/Lisbon', 'Asia/Kolkata', 'Pacific/Chatham'];

/**
 * The document types dates and times as plain strings; their names say what they are, so valid-looking
 * values are generated for them and the hostile ones come from HOSTILE_DATES.
 */
function hinted(name: string, real: RealValues): fc.Arbitrary<unknown> | null {
  const known = real[name];
  if (known?.length) return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, fc.uuid());
  if (/(^|[a-z])(date|Date)$|^(from|to)$/.test(name))
    return fc.integer({ min: -10, max: 400 }).map(dateFromToday);
  if (/Time$/.test(name)) {
    const hour = fc.integer({ min: 0, max: 23 }).map((h) => String(h).padStart(2, '0'));
    return fc.tuple(hour, fc.constantFrom('00', '15', '30', '45')).map(([h, m]) => `${h}:${m}`);
  }
  if (name === 'timeZone') return fc.constantFrom(...TIME_ZONES);
  return null;
}

/** A value the schema accepts (object/properties/required, string, number, integer, boolean, array, enum, anyOf, null). */
export function validValue(schema: JsonSchema, name: string, real: RealValues): fc.Arbitrary<unknown> {
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((option) => validValue(option, name, real)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'string'];
  return fc.oneof(...types.map((type) => ofType(type, schema, name, real)));
}

function ofType(type: string, schema: JsonSchema, name: string, real: RealValues): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 1_000_000;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min, max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    case 'number':
      return fc.double({ min, max, noNaN: true });
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(validValue(schema.items ?? {}, name, real), { minLength, maxLength });
    }
    case 'object':
      return validObject(schema, real);
    default:
      return validString(schema, name, real);
  }
}

function validString(schema: JsonSchema, name: string, real: RealValues): fc.Arbitrary<unknown> {
  const hint = hinted(name, real);
  if (hint) return hint;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 30)) });
}

export function validObject(schema: JsonSchema, real: RealValues): fc.Arbitrary<Record<string, unknown>> {
  const shape = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, property]) => [key, validValue(property, key, real)]),
  );
  return fc.record(shape, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** What goes where a value of `schema` belongs when the sender means harm. */
export function hostileValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...WRONG_TYPES),
    fc.constantFrom(...HOSTILE_IDS),
    fc.constantFrom(...HOSTILE_DATES),
  ];
  const types = [schema.type ?? []].flat();
  if (types.includes('integer') || types.includes('number')) {
    options.push(boundaryNumbers(schema), boundaryNumbers(schema).map(String));
  }
  if (schema.maxLength !== undefined) options.push(fc.constant('é'.repeat(schema.maxLength + 1)));
  if (types.includes('array') && schema.items) {
    const tooMany = (schema.maxItems ?? 50) + 1;
    options.push(fc.array(hostileValue(schema.items), { minLength: 1, maxLength: 3 }));
    options.push(fc.constant(Array.from({ length: tooMany }, () => '00000000-0000-0000-0000-000000000000')));
  }
  return fc.oneof(...options);
}

/** A valid object with one property made hostile, a required one dropped, or fields it does not know. */
export function hostileObject(
  schema: JsonSchema,
  base: fc.Arbitrary<unknown>,
  real: RealValues,
): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const asObject = base.map((value) => ({ ...(value as Record<string, unknown>) }));
  const options: fc.Arbitrary<unknown>[] = [
    fc.tuple(asObject, fc.constantFrom(...UNKNOWN_FIELDS)).map(([value, extra]) => ({ ...value, ...extra })),
  ];
  if (properties.length) {
    const swapped = fc
      .constantFrom(...properties)
      .chain(([key, property]) =>
        fc.tuple(asObject, nestedHostile(property, real)).map(([value, bad]) => ({ ...value, [key]: bad })),
      );
    options.push(swapped, swapped);
  }
  if (schema.required?.length) {
    const required = schema.required;
    const dropped = fc.tuple(asObject, fc.constantFrom(...required)).map(([value, key]) => {
      const { [key]: _gone, ...rest } = value;
      return rest;
    });
    options.push(dropped);
  }
  return fc.oneof(...options);
}

/** Inside an array of objects the hostile value goes into an item, where validation is easiest to forget. */
function nestedHostile(property: JsonSchema, real: RealValues): fc.Arbitrary<unknown> {
  const items = property.items;
  if (!items?.properties) return hostileValue(property);
  const item = validObject(items, real);
  return fc.oneof(
    hostileValue(property),
    hostileObject(items, item, real).map((bad) => [bad]),
  );
}
