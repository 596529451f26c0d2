import { isValidCpf } from './cpf.ts';
import { IMPORT_FIELDS, type ImportField, type ImportRowIssue, normalizeHeader } from './customer-import.ts';
import {
  type CustomerInput,
  CustomerInput as CustomerInputSchema,
  type CustomerValues,
  type EDITABLE_CUSTOMER_STATUSES,
  type GENDERS,
  type ID_TYPES,
  isCalendarDate,
} from './customers.ts';
import { splitFullName } from './person-names.ts';
import { V } from './validation.ts';

/**
 * The row checks of the import (spec document 2 §5, §8): each cell read as Brazilian and English
 * spreadsheets write it (dd/mm/yyyy dates, CPF with or without punctuation, "Feminino", "Sim"), then the
 * customer form's own schema decides, so an imported customer meets every rule a typed one does.
 */
export const IMPORT_ROW_KEYS = {
  required: 'import.rowErrors.required',
  email: 'import.rowErrors.email',
  phone: 'import.rowErrors.phone',
  date: 'import.rowErrors.date',
  dateDoesNotExist: 'import.rowErrors.dateDoesNotExist',
  isoDateDoesNotExist: 'import.rowErrors.isoDateDoesNotExist',
  fullNameWithoutLastName: 'import.rowErrors.fullNameWithoutLastName',
  option: 'import.rowErrors.option',
  cpf: 'import.rowErrors.cpf',
} as const;

export type RowCells = Partial<Record<ImportField, string>>;
/** An issue before the server numbers its row and writes its English message. */
export type RowIssue = Omit<ImportRowIssue, 'row' | 'message'>;
/**
 * `whatsappOptIn`: the customer's answer to the studio's WhatsApp messages when a column gave one (written
 * beside the customer as the IMPORT source, decision 053); not a field of the customer form.
 */
export type CheckedRow =
  | { values: CustomerValues; issues: []; whatsappOptIn: boolean | null }
  | { values: null; issues: RowIssue[]; whatsappOptIn: null };

/**
 * A date cell read: the date, or why not — written in neither form, or written in one (dd/mm/yyyy with its
 * own separator, or yyyy-mm-dd) but naming a day the calendar does not have (31/02/1980, or a US 12/31/1990
 * read day first), which the message names in the cell's own form (issue #27).
 */
export type ImportDateReading =
  | { date: string }
  | { date: null; separator: string | null; isDayFirst: boolean };

/** yyyy-mm-dd (a spreadsheet's own dates arrive so) or dd/mm/yyyy with / . or - (the same one twice). */
export function readImportDate(value: string): ImportDateReading {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const written = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(value);
  const parts = iso ? [iso[1], iso[2], iso[3]] : written ? [written[4], written[3], written[1]] : null;
  if (!parts) return { date: null, separator: null, isDayFirst: false };
  const [year = '', month = '', day = ''] = parts;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  if (isCalendarDate(date)) return { date };
  return { date: null, separator: written?.[2] ?? '-', isDayFirst: !iso };
}

export function parseImportDate(value: string): string | null {
  return readImportDate(value).date;
}

type Choices<T extends string> = Record<T, readonly string[]>;

/** Each code also matches itself ("PREFER_NOT_TO_SAY" → "prefer not to say"); the rest are the labels. */
const GENDER_CHOICES: Choices<(typeof GENDERS)[number]> = {
  MALE: ['m', 'masculino', 'masc', 'homem', 'man'],
  FEMALE: ['f', 'feminino', 'fem', 'mulher', 'woman'],
  OTHER: ['outro', 'outra'],
  PREFER_NOT_TO_SAY: ['prefiro nao informar', 'nao informado', 'not informed'],
};
const STATUS_CHOICES: Choices<(typeof EDITABLE_CUSTOMER_STATUSES)[number]> = {
  ACTIVE: ['ativo', 'ativa'],
  INACTIVE: ['inativo', 'inativa'],
  PENDING: ['pendente'],
};
const ID_TYPE_CHOICES: Choices<(typeof ID_TYPES)[number]> = {
  CPF: [],
  RG: [],
  PASSPORT: ['passaporte'],
  SSN: ['social security number ssn', 'seguro social dos eua ssn'],
  DRIVER_LICENSE: ['driver s license', 'carteira de motorista', 'cnh'],
  AADHAAR: [],
  PAN: ['pan card', 'cartao pan'],
  NATIONAL_ID: ['documento de identidade'],
};
const YES_NO_CHOICES: Choices<'true' | 'false'> = {
  true: ['sim', 's', 'yes', 'y', '1', 'x', 'verdadeiro'],
  false: ['nao', 'n', 'no', '0', 'falso'],
};

function choose<T extends string>(value: string, choices: Choices<T>): T | null {
  const written = normalizeHeader(value);
  for (const [code, names] of Object.entries(choices) as [T, readonly string[]][]) {
    if (normalizeHeader(code) === written || names.includes(written)) return code;
  }
  return null;
}

const COUNTRY_NAMES: Record<string, string> = { brasil: 'BR', brazil: 'BR' };

/** A CPF kept as a number by a spreadsheet has lost its leading zeros: 1234567890 is 012.345.678-90. */
function cpfOf(value: string): string {
  return /^\d{9,10}$/.test(value) ? value.padStart(11, '0') : value;
}

/** The fields read as something other than text; every other one is copied as written. */
const READ_FIELDS: readonly ImportField[] = [
  'fullName',
  'isWhatsapp',
  'whatsappOptIn',
  'dateOfBirth',
  'gender',
  'cpf',
  'country',
  'idType',
  'status',
];
const TEXT_FIELDS = IMPORT_FIELDS.filter((field) => !READ_FIELDS.includes(field));

/** The form's input from the cells, and the issues of cells no input value can be made of. */
function toInput(cells: RowCells): {
  input: CustomerInput;
  issues: RowIssue[];
  whatsappOptIn: boolean | null;
} {
  const issues: RowIssue[] = [];
  const input: Record<string, unknown> = { firstName: cells.firstName ?? '', lastName: cells.lastName ?? '' };
  for (const field of TEXT_FIELDS) if (cells[field]) input[field] = cells[field];
  const enumerated = <T extends string>(field: ImportField, choices: Choices<T>): T | undefined => {
    const value = cells[field];
    if (!value) return undefined;
    const code = choose(value, choices);
    if (code === null) {
      const options = Object.keys(choices);
      issues.push({
        field,
        key: IMPORT_ROW_KEYS.option,
        value,
        options,
        params: { validValues: options.join(', ') },
      });
    }
    return code ?? undefined;
  };
  input.gender = enumerated('gender', GENDER_CHOICES);
  input.status = enumerated('status', STATUS_CHOICES);
  input.idType = enumerated('idType', ID_TYPE_CHOICES);
  const whatsapp = enumerated('isWhatsapp', YES_NO_CHOICES);
  if (whatsapp) input.isWhatsapp = whatsapp === 'true';
  const optIn = enumerated('whatsappOptIn', YES_NO_CHOICES);
  if (cells.country) input.country = COUNTRY_NAMES[normalizeHeader(cells.country)] ?? cells.country;
  if (cells.dateOfBirth) {
    const reading = readImportDate(cells.dateOfBirth);
    if (reading.date !== null) input.dateOfBirth = reading.date;
    else issues.push(dateIssue(cells.dateOfBirth, reading));
  }
  if (cells.fullName) Object.assign(input, splitFullName(cells.fullName));
  if (cells.cpf) {
    const cpf = cpfOf(cells.cpf);
    if (isValidCpf(cpf)) Object.assign(input, { idType: 'CPF', idNumber: cpf });
    else issues.push({ field: 'cpf', key: IMPORT_ROW_KEYS.cpf, value: cells.cpf });
  }
  return { input: input as CustomerInput, issues, whatsappOptIn: optIn ? optIn === 'true' : null };
}

/** The form the message names is spelled by each catalog (dd/mm/yyyy, dd/mm/aaaa), with the cell's separator. */
function dateIssue(value: string, reading: Extract<ImportDateReading, { date: null }>): RowIssue {
  const field = 'dateOfBirth';
  if (!reading.separator) return { field, key: IMPORT_ROW_KEYS.date, value };
  const key = reading.isDayFirst ? IMPORT_ROW_KEYS.dateDoesNotExist : IMPORT_ROW_KEYS.isoDateDoesNotExist;
  return { field, key, value, params: { separator: reading.separator } };
}

/** The form's messages that the import words its own way (spec §8). */
const IMPORT_KEY_OF: Record<string, string> = {
  [V.required]: IMPORT_ROW_KEYS.required,
  [V.firstNameRequired]: IMPORT_ROW_KEYS.required,
  [V.lastNameRequired]: IMPORT_ROW_KEYS.required,
  [V.email]: IMPORT_ROW_KEYS.email,
  [V.phone]: IMPORT_ROW_KEYS.phone,
  [V.cpf]: IMPORT_ROW_KEYS.cpf,
  [V.date]: IMPORT_ROW_KEYS.date,
};

/** The column a form field's issue belongs to: the CPF's, or the full name's that filled both names. */
function reportedField(path: string, cells: RowCells): ImportField {
  if (path === 'idNumber' && cells.cpf) return 'cpf';
  if ((path === 'firstName' || path === 'lastName') && cells.fullName) return 'fullName';
  return path as ImportField;
}

/** Checks one row's cells (trimmed, empty ones left out): the customer to insert, or every issue found. */
export function checkImportRow(cells: RowCells): CheckedRow {
  const { input, issues, whatsappOptIn } = toInput(cells);
  const parsed = CustomerInputSchema.safeParse(input);
  if (parsed.success && !issues.length) return { values: parsed.data, issues: [], whatsappOptIn };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const path = String(issue.path[0] ?? '');
    const field = reportedField(path, cells);
    if (issues.some((each) => each.field === field)) continue;
    const message = issue.message.startsWith('validation.') ? issue.message : V.format;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    issues.push({
      field,
      key:
        field === 'fullName' && message === V.lastNameRequired
          ? IMPORT_ROW_KEYS.fullNameWithoutLastName
          : (IMPORT_KEY_OF[message] ?? message),
      value: cells[field] ?? '',
      ...(message === V.max && max !== undefined ? { params: { max } } : {}),
    });
  }
  return { values: null, issues, whatsappOptIn: null };
}
