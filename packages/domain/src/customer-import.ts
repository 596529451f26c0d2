import { z } from 'zod';

/**
 * The customer import (spec document 2 §2, §5, §9; issue #14): the fields a column can fill, the limits,
 * the mapping a user chooses and the answers of the three import calls.
 */
export const IMPORT_MAX_FILE_MB = 10;
export const IMPORT_MAX_FILE_BYTES = IMPORT_MAX_FILE_MB * 1024 * 1024;
/** A spreadsheet of customers has a few dozen columns; more is a file of something else. */
export const IMPORT_MAX_COLUMNS = 100;
/**
 * Data rows one import takes, refused (413) before any row is checked: the bench imports ~100,000 at once,
 * while 10 MB of tiny CSV rows is ~2 million, seconds of a blocked server and over a gigabyte (decision 017).
 */
export const IMPORT_MAX_ROWS = 150_000;
/** An .xlsx is a zip: 10 MB of it can unpack to gigabytes, all of which its reader would hold. */
export const IMPORT_MAX_WORKBOOK_MB = 200;
/** Rows listed in an answer, per list: the counts always cover every row (decision 017). */
export const IMPORT_LISTED_ROWS = 1000;
/** Sample values shown per column on the mapping step. */
export const IMPORT_SAMPLE_VALUES = 3;

/**
 * The fields a column can fill. `cpf` fills id type CPF and its number; `fullName` fills first and last name
 * (split by `splitFullName`), for the many spreadsheets with one "Nome" column and no surname (issue #27).
 */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'isWhatsapp',
  'whatsappOptIn',
  'dateOfBirth',
  'gender',
  'cpf',
  'country',
  'idType',
  'idNumber',
  'zipCode',
  'address',
  'number',
  'apartment',
  'neighborhood',
  'city',
  'state',
  'profession',
  'emergencyContactName',
  'emergencyContactPhone',
  'notes',
  'status',
] as const;
export const ImportField = z.enum(IMPORT_FIELDS);
export type ImportField = z.infer<typeof ImportField>;

export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['firstName', 'lastName'];

/**
 * The sample template's columns, in order, and the first columns of the customers export with the same
 * headers (the field labels below), so the template and an export read alike and import with no mapping.
 */
export const IMPORT_TEMPLATE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'isWhatsapp',
  'dateOfBirth',
  'gender',
  'cpf',
  'zipCode',
  'address',
  'number',
  'neighborhood',
  'city',
  'state',
  'notes',
] as const satisfies readonly ImportField[];

/** A full name fills first and last name: a mapping takes either it or them, never both. */
const EXCLUDED_BY: Partial<Record<ImportField, readonly ImportField[]>> = {
  fullName: ['firstName', 'lastName'],
  firstName: ['fullName'],
  lastName: ['fullName'],
};

/**
 * The catalog key of a field's label, in the wizard and as a column header of the sample template: the
 * customer form's label, but for the import's own two.
 */
export function importFieldLabelKey(field: ImportField) {
  return field === 'cpf' || field === 'isWhatsapp' || field === 'whatsappOptIn' || field === 'fullName'
    ? (`import.fields.${field}` as const)
    : (`customers.fields.${field}` as const);
}

/**
 * One entry per column of the file, in order: the field it fills, or null to skip it. Each field at most
 * once. Whether the required fields are there is a separate answer (`missingRequiredFields`), so the
 * mapping step can list them.
 */
export const ImportMapping = z
  .array(ImportField.nullable())
  .min(1)
  .max(IMPORT_MAX_COLUMNS)
  .superRefine((mapping, ctx) => {
    const seen = new Set<ImportField>();
    mapping.forEach((field, index) => {
      if (field && seen.has(field))
        ctx.addIssue({ code: 'custom', path: [index], message: 'validation.option' });
      if (field && EXCLUDED_BY[field]?.some((other) => mapping.includes(other)))
        ctx.addIssue({ code: 'custom', path: [index], message: 'validation.exclusiveOption' });
      if (field) seen.add(field);
    });
  });
export type ImportMapping = z.infer<typeof ImportMapping>;

/** First and last name, unless a full-name column fills both. */
export function missingRequiredFields(mapping: readonly (ImportField | null)[]): ImportField[] {
  if (mapping.includes('fullName')) return [];
  return REQUIRED_IMPORT_FIELDS.filter((field) => !mapping.includes(field));
}

/**
 * The mapping once `column` fills `field`: a field fills one column, so choosing it here frees it elsewhere,
 * and so are the fields it excludes (a full name frees first and last name, and the other way round).
 */
export function chooseImportField(
  mapping: readonly (ImportField | null)[],
  column: number,
  field: ImportField | null,
): (ImportField | null)[] {
  const freed = field ? [field, ...(EXCLUDED_BY[field] ?? [])] : [];
  return mapping.map((current, index) => {
    if (index === column) return field;
    return current && freed.includes(current) ? null : current;
  });
}

/** "Data de Nascimento" → "data de nascimento": no accents, case or punctuation. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Headers as Brazilian and English spreadsheets write them, normalized; the export's own headers in both
 * languages are among them, so an exported file imports again with no mapping to do.
 */
const HEADER_NAMES: Record<ImportField, readonly string[]> = {
  firstName: ['nome', 'primeiro nome', 'nome do cliente', 'first name', 'firstname', 'given name', 'name'],
  lastName: ['sobrenome', 'ultimo nome', 'last name', 'lastname', 'surname', 'family name'],
  fullName: ['nome completo', 'nome e sobrenome', 'full name', 'fullname', 'complete name'],
  email: ['email', 'e mail', 'endereco de email', 'endereco de e mail', 'mail', 'email address'],
  phone: [
    'celular',
    'telefone',
    'telefone celular',
    'fone',
    'tel',
    'numero do celular',
    'phone',
    'mobile',
    'cell',
    'cell phone',
    'cellphone',
    'mobile phone',
    'phone number',
  ],
  isWhatsapp: [
    'whatsapp',
    'tem whatsapp',
    'e whatsapp',
    'este numero tem whatsapp',
    'this number has whatsapp',
    'whatsapp sim nao',
    'whatsapp yes no',
  ],
  // Whether the customer agreed to the studio's WhatsApp messages (source IMPORT, decision 053), not
  // whether the number has WhatsApp (the column above).
  whatsappOptIn: [
    'aceita whatsapp',
    'aceita mensagens whatsapp',
    'aceita mensagens no whatsapp',
    'aceita mensagens pelo whatsapp',
    'autoriza whatsapp',
    'autorizou whatsapp',
    'consentimento whatsapp',
    'opt in whatsapp',
    'optin whatsapp',
    'whatsapp opt in',
    'whatsapp optin',
    'receber whatsapp',
    'receber mensagens whatsapp',
    'accepts whatsapp',
    'accepts whatsapp messages',
    'whatsapp consent',
    'whatsapp opt in consent',
  ],
  dateOfBirth: [
    'data de nascimento',
    'nascimento',
    'data nascimento',
    'dt nascimento',
    'dt nasc',
    'aniversario',
    'date of birth',
    'birth date',
    'birthdate',
    'birthday',
    'dob',
  ],
  gender: ['genero', 'sexo', 'gender', 'sex'],
  cpf: ['cpf', 'numero do cpf', 'cpf do cliente'],
  country: ['pais', 'country'],
  idType: ['tipo de documento', 'tipo do documento', 'id type', 'document type'],
  idNumber: ['numero do documento', 'documento', 'id number', 'document', 'document number'],
  zipCode: ['cep', 'codigo postal', 'postal code', 'zip', 'zip code', 'zipcode'],
  address: ['logradouro', 'endereco', 'rua', 'street', 'address'],
  number: ['numero', 'n', 'no', 'number', 'street number'],
  apartment: ['complemento', 'apartamento', 'apto', 'apartment', 'apartment unit', 'unit'],
  neighborhood: ['bairro', 'neighborhood', 'district'],
  city: ['cidade', 'municipio', 'city'],
  state: ['estado', 'uf', 'state'],
  profession: ['profissao', 'ocupacao', 'profession', 'occupation', 'job'],
  emergencyContactName: [
    'contato de emergencia',
    'nome do contato de emergencia',
    'emergency contact',
    'emergency contact name',
  ],
  emergencyContactPhone: [
    'telefone de emergencia',
    'telefone do contato de emergencia',
    'emergency phone',
    'emergency contact phone',
  ],
  notes: ['observacoes', 'observacao', 'obs', 'notas', 'comentarios', 'notes', 'note', 'comments'],
  status: ['situacao', 'status'],
};

const FIELD_BY_HEADER = new Map(
  Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((name) => [name, field as ImportField])),
);

/** Headers that are a first name beside a surname column, and the whole name in a file with none. */
const NAME_HEADERS = new Set(['nome', 'nome do cliente', 'name', 'cliente', 'customer', 'customer name']);

/**
 * The automatic mapping: a known header fills its field; the first column wins when two name one field.
 * Separate first and last name columns win over a full-name one; a file with no surname column has its
 * "Nome" read as the full name (issue #27).
 */
export function suggestMapping(headers: readonly string[]): (ImportField | null)[] {
  const used = new Set<ImportField>();
  const mapping = headers.map((header) => {
    const field = FIELD_BY_HEADER.get(normalizeHeader(header)) ?? null;
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
  const hasNames = used.has('firstName') && used.has('lastName');
  return mapping.map((field, column) => {
    if (field === 'fullName') return hasNames ? null : field;
    if (field === 'firstName' && !used.has('lastName') && !used.has('fullName')) {
      return NAME_HEADERS.has(normalizeHeader(headers[column] ?? '')) ? 'fullName' : field;
    }
    if ((field === 'firstName' || field === 'lastName') && used.has('fullName') && !hasNames) return null;
    return field;
  });
}

export const ImportFileSummary = z.object({
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  /** How a CSV was read; null for a workbook. */
  encoding: z.enum(['utf-8', 'windows-1252']).nullable(),
  delimiter: z.string().nullable(),
  headers: z.array(z.string()),
  /** Per column, its first non-empty values. */
  samples: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  suggestedMapping: z.array(ImportField.nullable()),
});
export type ImportFileSummary = z.infer<typeof ImportFileSummary>;

/** One failed check of one row: `key` is the catalog key, `message` its English text with `params` filled. */
export const ImportRowIssue = z.object({
  row: z.number().int(),
  field: ImportField,
  key: z.string(),
  message: z.string(),
  value: z.string(),
  /** The accepted values of an enumerated field, as codes the web labels in the user's language. */
  options: z.array(z.string()).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportRowIssue = z.infer<typeof ImportRowIssue>;

/** A row left out because its CPF or email is a customer already, or an earlier row of the file. */
export const ImportDuplicate = z.object({
  row: z.number().int(),
  field: z.enum(['cpf', 'email']),
  value: z.string(),
  existingCustomer: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The earlier row of the same file, when the duplicate is inside the file. */
  firstRow: z.number().int().nullable(),
});
export type ImportDuplicate = z.infer<typeof ImportDuplicate>;

export const IMPORT_ROW_STATUSES = ['valid', 'invalid', 'warning'] as const;

export const ImportPreviewRow = z.object({
  row: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  name: z.string(),
  issues: z.array(ImportRowIssue),
  duplicate: ImportDuplicate.nullable(),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>;

/** Validate's answer. Warnings are duplicates: valid rows the import leaves out. */
export const ImportPreview = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  warnings: z.number().int(),
  /** Every row with a problem up to IMPORT_LISTED_ROWS, then valid ones up to the same total, in file order. */
  rows: z.array(ImportPreviewRow),
  /** Fewer rows listed than the file holds. */
  isTruncated: z.boolean(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

/** `nothingNew`: every row was a duplicate, so nothing was imported and nothing went wrong either. */
export const IMPORT_OUTCOMES = ['success', 'partial', 'nothingNew', 'failed'] as const;

/** Import's answer (and, with outcome failed, the details of IMPORT_ROWS_INVALID). */
export const ImportResult = z.object({
  outcome: z.enum(IMPORT_OUTCOMES),
  processed: z.number().int(),
  imported: z.number().int(),
  errors: z.number().int(),
  duplicates: z.number().int(),
  errorList: z.array(ImportRowIssue),
  duplicateList: z.array(ImportDuplicate),
  /** A list is cut to IMPORT_LISTED_ROWS: `errors` and `duplicates` still count every row. */
  isTruncated: z.boolean(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** The multipart text fields of validate and import, as the form sends them. */
export const ImportRowsFields = z.object({
  mapping: z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'validation.format' });
        return z.NEVER;
      }
    })
    .pipe(ImportMapping),
  skipInvalid: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
