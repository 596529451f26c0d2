import fc from 'fast-check';

/** Text that has broken servers: size, NUL, lone surrogates, control and direction marks, injection. */
export const HOSTILE_STRINGS = [
  'a'.repeat(100_000),
  'x\u0000y',
  '\u0000',
  '\ud800',
  'abc\udfff',
  '\udc00\ud800',
  '',
  ' ',
  '\t\r\n',
  '\u202eevil',
  '\ufeff',
  '🧘‍♀️'.repeat(2_000),
  "'; drop table customers; --",
  '%',
  '%00',
  '\\',
  'a\\',
  '_%_',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '#{7*7}{{7*7}}<%= 7*7 %>',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '9'.repeat(400),
  'null',
  'undefined',
  'true',
  '[object Object]',
] as const;

/** Dates and times that look right and are not: 30 February, month 13, 24:60, a leap second. */
export const HOSTILE_DATES = [
  '2025-02-30',
  '2025-02-29',
  '2024-02-30',
  '2025-13-01',
  '2025-00-10',
  '0000-00-00',
  '1899-12-31',
  '9999-12-31',
  '+275760-09-13',
  '2025-1-1',
  '20250101',
  '2025-01-01T00:00:00Z',
  '24:60',
  '24:00',
  '23:59:60',
  '25:00',
  '-01:00',
  '7:5',
  '12:00:00.000000001',
] as const;

/** Ids that are not: almost-uuids, nil, huge, signed numbers. */
export const HOSTILE_IDS = [
  'abc',
  '1',
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-00000000000g',
  '01a20885-6d50-7146-9ab7-cf70c3121e3',
  '{0192f0c1-7a4e-7c3b-9b1e-1f2a3b4c5d6e}',
  'x'.repeat(5_000),
  "1' or '1'='1",
] as const;

/** Path segments sent as written: malformed percent-encoding, an encoded NUL, a lone surrogate's bytes. */
export const RAW_PATH_SEGMENTS = [
  '%00',
  '%E0%A4%A',
  '%ZZ',
  '%ED%A0%80',
  '%C0%AE%C0%AE',
  '%2e%2e',
  '%20',
  '%FF%FE',
];

/** Bodies that are not JSON at all, or JSON that is not an object; with the content type they come with. */
export const RAW_BODIES: { text: string; contentType: string }[] = [
  ...[
    '{',
    '{"a":',
    'nul',
    '',
    ' ',
    '\u0000',
    '{"name":"x"}garbage',
    "{'single':'quotes'}",
    '\ufeff{}',
    '1e999',
  ].map((text) => ({ text, contentType: 'application/json' })),
  ...['[]', 'null', '"text"', '0', 'true', '[[[[[]]]]]'].map((text) => ({
    text,
    contentType: 'application/json',
  })),
  { text: '{"name":"x"}', contentType: 'text/plain' },
  { text: 'name=x', contentType: 'application/x-www-form-urlencoded' },
  { text: '--x\r\n\r\nname\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
  { text: '{"name":"x"}', contentType: 'application/json; charset=utf-16' },
  { text: `{"name":"${'a'.repeat(1_100_000)}"}`, contentType: 'application/json' },
];

export function deeplyNested(depth: number, asArray = false): unknown {
  let value: unknown = asArray ? [] : {};
  for (let level = 0; level < depth; level += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** Values of every JSON type but the expected one, and structures too deep or too odd to trust. */
export const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  'text',
  [],
  {},
  [1, 2, 3],
  { a: 1 },
  deeplyNested(500),
  deeplyNested(500, true),
];

/** Fields no schema has, some of them names the server uses elsewhere (own or prototype-polluting). */
export const UNKNOWN_FIELDS: readonly Record<string, unknown>[] = [
  { unknownField: 'x' },
  JSON.parse('{"__proto__": {"isAdmin": true, "role": "ORG_OWNER"}}'),
  { constructor: { prototype: { polluted: true } } },
  { organizationId: '00000000-0000-0000-0000-000000000001', id: '00000000-0000-0000-0000-000000000002' },
  { status: 'PURGED', role: 'ORG_OWNER', createdAt: '1970-01-01T00:00:00Z' },
];

/** Numbers at and just past a schema's bounds, and far beyond any column. */
export function boundaryNumbers(schema: { minimum?: number; maximum?: number }): fc.Arbitrary<number> {
  const around = (bound: number | undefined) =>
    bound === undefined ? [] : [bound, bound - 1, bound + 1, bound - 0.5, bound + 0.5];
  return fc.constantFrom(
    ...around(schema.minimum),
    ...around(schema.maximum),
    0,
    -0,
    -1,
    2 ** 31,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    Number.MIN_VALUE,
  );
}
