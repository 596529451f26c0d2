import { z } from 'zod';
import { isValidCpf, normalizeCpf } from './cpf.ts';
import { isValidPhone, normalizePhone } from './phones.ts';
import { V } from './validation.ts';

export const GENDERS = ['MALE', 'FEMALE', 'OTHER', 'PREFER_NOT_TO_SAY'] as const;
export const Gender = z.enum(GENDERS);

export const CUSTOMER_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING', 'DELETED', 'PURGED'] as const;
export const CustomerStatus = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof CustomerStatus>;
/** Deleted and purged customers are off the books: they leave the customer lists, their totals and counts. */
export const OFF_THE_BOOKS_STATUSES = ['DELETED', 'PURGED'] as const satisfies readonly CustomerStatus[];
export const isOffTheBooks = (status: CustomerStatus): boolean =>
  (OFF_THE_BOOKS_STATUSES as readonly CustomerStatus[]).includes(status);
export const ON_THE_BOOKS_STATUSES: readonly CustomerStatus[] = CUSTOMER_STATUSES.filter(
  (status) => !isOffTheBooks(status),
);
/** Statuses staff set by editing; DELETED and PURGED come only from the delete and purge actions. */
export const EDITABLE_CUSTOMER_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING'] as const;

export const ID_TYPES = [
  'CPF',
  'RG',
  'PASSPORT',
  'SSN',
  'DRIVER_LICENSE',
  'AADHAAR',
  'PAN',
  'NATIONAL_ID',
] as const;
export const IdType = z.enum(ID_TYPES);
export type IdType = z.infer<typeof IdType>;

/** The id types offered per country (spec: US, BR, IN and a default set). */
export const ID_TYPES_BY_COUNTRY: Record<string, readonly IdType[]> = {
  BR: ['CPF', 'RG', 'PASSPORT'],
  US: ['SSN', 'DRIVER_LICENSE', 'PASSPORT'],
  IN: ['AADHAAR', 'PAN', 'PASSPORT'],
};
export const DEFAULT_ID_TYPES: readonly IdType[] = ['NATIONAL_ID', 'PASSPORT'];

export function idTypesFor(country: string | null | undefined): readonly IdType[] {
  return ID_TYPES_BY_COUNTRY[(country ?? '').toUpperCase()] ?? DEFAULT_ID_TYPES;
}

/** Any id number but a CPF (checked by its digits): letters and digits, with the usual . - / and spaces. */
const ID_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./-]{2,39}$/;

export const CEP_PATTERN = /^\d{5}-?\d{3}$/;
const POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

/**
 * A CEP the one way it is stored and shown, "01310-100" (as the CEP lookup answers it), from "01310100"
 * or "01310-100"; a partial one as far as it goes ("01310-1"), which is the form's input mask.
 */
export function formatCep(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

export function isValidPostalCode(value: string, country = 'BR'): boolean {
  return country.toUpperCase() === 'BR' ? CEP_PATTERN.test(value) : POSTAL_CODE_PATTERN.test(value);
}

export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, V.max)
    .nullish()
    .transform((value) => value || null);

/** A real calendar date from 1900 on: "2023-02-30" parses in JavaScript but is not a day. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1900-01-01') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const isoDate = z.string().refine(isCalendarDate, V.date);
/** Built once: building a schema per value cost 10 µs a customer, which an import of 100,000 pays. */
const EMAIL = z.email();

/** Every field of the customer form (spec §3), before the rules that tie them together. */
export const CustomerFields = z.object({
  firstName: z.string().trim().min(1, V.firstNameRequired).max(100, V.max),
  lastName: z.string().trim().min(1, V.lastNameRequired).max(100, V.max),
  dateOfBirth: isoDate.nullish().transform((value) => value || null),
  gender: Gender.nullish().transform((value) => value ?? null),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, V.format)
    .transform((value) => value.toUpperCase())
    .default('BR'),
  idType: IdType.nullish().transform((value) => value ?? null),
  idNumber: text(40),
  email: text(254).refine((value) => value === null || EMAIL.safeParse(value).success, V.email),
  phone: text(30),
  isWhatsapp: z.boolean().default(false),
  address: text(200),
  number: text(20),
  apartment: text(40),
  neighborhood: text(100),
  city: text(100),
  state: text(60),
  zipCode: text(12),
  profession: text(100),
  emergencyContactName: text(120),
  emergencyContactPhone: text(30),
  notes: text(4000),
  status: z.enum(EDITABLE_CUSTOMER_STATUSES).default('ACTIVE'),
});

type ContactFields = Pick<
  z.output<typeof CustomerFields>,
  'country' | 'email' | 'phone' | 'emergencyContactPhone' | 'zipCode'
>;

/**
 * The contact rules, one for staff's form and the customer's own profile (portal): phones valid for the
 * customer's country, a CEP for a Brazilian address.
 */
export function checkCustomerContact(customer: ContactFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (customer.phone && !isValidPhone(customer.phone, customer.country)) issue('phone', V.phone);
  if (customer.emergencyContactPhone && !isValidPhone(customer.emergencyContactPhone, customer.country)) {
    issue('emergencyContactPhone', V.phone);
  }
  if (customer.zipCode && !isValidPostalCode(customer.zipCode, customer.country)) {
    issue('zipCode', customer.country === 'BR' ? V.cep : V.postalCode);
  }
}

/** Contacts stored one way: e-mail in lower case, phones in E.164 (the screens format them), CEP 00000-000. */
export function normalizeCustomerContact<T extends ContactFields>(customer: T): T {
  return {
    ...customer,
    email: customer.email?.toLowerCase() ?? null,
    phone: customer.phone && (normalizePhone(customer.phone, customer.country) ?? customer.phone),
    emergencyContactPhone:
      customer.emergencyContactPhone &&
      (normalizePhone(customer.emergencyContactPhone, customer.country) ?? customer.emergencyContactPhone),
    zipCode: customer.country === 'BR' && customer.zipCode ? formatCep(customer.zipCode) : customer.zipCode,
  };
}

export const CustomerInput = CustomerFields.superRefine((customer, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (customer.idType && !idTypesFor(customer.country).includes(customer.idType)) {
    issue('idType', V.idTypeCountry);
  }
  if (customer.idType && !customer.idNumber) issue('idNumber', V.idNumberRequired);
  if (customer.idType === 'CPF' && customer.idNumber && !isValidCpf(customer.idNumber))
    issue('idNumber', V.cpf);
  if (customer.idType !== 'CPF' && customer.idNumber && !ID_NUMBER_PATTERN.test(customer.idNumber))
    issue('idNumber', V.idNumber);
  if (customer.dateOfBirth && customer.dateOfBirth > todayIso()) issue('dateOfBirth', V.dateOfBirthFuture);
  checkCustomerContact(customer, ctx);
}).transform((customer) => ({
  ...normalizeCustomerContact(customer),
  idNumber:
    customer.idType === 'CPF' && customer.idNumber ? normalizeCpf(customer.idNumber) : customer.idNumber,
}));
export type CustomerInput = z.input<typeof CustomerInput>;
export type CustomerValues = z.output<typeof CustomerInput>;

export const Customer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: Gender.nullable(),
  country: z.string(),
  idType: IdType.nullable(),
  idNumber: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isWhatsapp: z.boolean(),
  address: z.string().nullable(),
  number: z.string().nullable(),
  apartment: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  profession: z.string().nullable(),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  notes: z.string().nullable(),
  status: CustomerStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof Customer>;

export const CUSTOMERS_PAGE = { defaultPage: 1, defaultLimit: 10, maxLimit: 100 } as const;

/** The API's list query: page default 1, limit default 10 (1–100); anything else is a 400. */
export const ListCustomersQuery = z.object({
  page: z.coerce.number().int().min(1).default(CUSTOMERS_PAGE.defaultPage),
  limit: z.coerce.number().int().min(1).max(CUSTOMERS_PAGE.maxLimit).default(CUSTOMERS_PAGE.defaultLimit),
  search: z.string().trim().max(200).default(''),
  status: z.enum(EDITABLE_CUSTOMER_STATUSES).optional(),
});
export type ListCustomersQuery = z.infer<typeof ListCustomersQuery>;

/** The customers page's URL (spec §2): a hand-edited bad value falls back to the default instead of failing. */
export const CustomersSearchParams = z.object({
  page: z.coerce.number().int().min(1).catch(CUSTOMERS_PAGE.defaultPage),
  limit: z.coerce.number().int().min(1).max(CUSTOMERS_PAGE.maxLimit).catch(CUSTOMERS_PAGE.defaultLimit),
  search: z.string().trim().max(200).catch(''),
});

export const CustomerPage = z.object({
  items: z.array(Customer),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** Lower case without accents: "João" → "joao", as the database's immutable_unaccent(lower()) does. */
export function normalizeSearchText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A number as people write it: digits with . - / ( ) between, as in a CPF, an RG or a phone. */
const WRITTEN_NUMBER = /^[\d./()-]*\d[\d./()-]*$/;

/**
 * Each word must match somewhere (first or last name, email, phone, id number): more words narrow. A word
 * that is a written number is searched as its bare digits, which the searchable text also holds for phones
 * and id numbers — so "529.982.247-25" finds the CPF stored as 52998224725.
 */
export function searchWords(search: string): string[] {
  return normalizeSearchText(search)
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (WRITTEN_NUMBER.test(word) ? word.replace(/\D/g, '') : word))
    .slice(0, 6);
}
