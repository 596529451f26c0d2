import {
  type Customer,
  CustomerInput,
  type CustomerStatus,
  type CustomerValues,
  EDITABLE_CUSTOMER_STATUSES,
  formatCep,
  type Gender,
  type IdType,
} from '@reformer/domain/customers';
import { formatPhone } from '@reformer/domain/phones';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import type { z } from 'zod';
import { domainResolver } from '@/lib/forms.ts';

/** What the inputs hold: text everywhere, '' for "not chosen" in the selects. */
export type CustomerFormValues = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: z.infer<typeof Gender> | '';
  profession: string;
  country: string;
  idType: IdType | '';
  idNumber: string;
  email: string;
  phone: string;
  isWhatsapp: boolean;
  zipCode: string;
  address: string;
  number: string;
  apartment: string;
  neighborhood: string;
  city: string;
  state: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  notes: string;
  status: EditableStatus;
};

export type EditableStatus = (typeof EDITABLE_CUSTOMER_STATUSES)[number];

/** DELETED and PURGED come only from the delete and purge actions; a customer in them cannot be edited. */
export function isEditableStatus(status: CustomerStatus): status is EditableStatus {
  return (EDITABLE_CUSTOMER_STATUSES as readonly CustomerStatus[]).includes(status);
}

/** The fields a server VALIDATION_FAILED answer can point at. */
export const CUSTOMER_FORM_FIELDS = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'profession',
  'country',
  'idType',
  'idNumber',
  'email',
  'phone',
  'isWhatsapp',
  'zipCode',
  'address',
  'number',
  'apartment',
  'neighborhood',
  'city',
  'state',
  'emergencyContactName',
  'emergencyContactPhone',
  'notes',
  'status',
] as const satisfies readonly (keyof CustomerFormValues)[];

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  gender: '',
  profession: '',
  country: 'BR',
  // A Brazilian customer's document is their CPF (#27 item 13); left blank, it means no document.
  idType: 'CPF',
  idNumber: '',
  email: '',
  phone: '',
  isWhatsapp: false,
  zipCode: '',
  address: '',
  number: '',
  apartment: '',
  neighborhood: '',
  city: '',
  state: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  notes: '',
  status: 'ACTIVE',
};

/**
 * The stored customer in the form's inputs. Phones stored in E.164 read as the customer's country writes
 * them ('(11) 98765-4321'; another country's number keeps its +code), which the schema reads back the same;
 * a CEP saved before it was stored one way reads 00000-000 like the rest.
 */
export function customerToForm(customer: Customer): CustomerFormValues {
  const values = { ...EMPTY_CUSTOMER_FORM };
  for (const field of CUSTOMER_FORM_FIELDS) {
    const value = customer[field];
    if (value !== null && value !== undefined) Object.assign(values, { [field]: value });
  }
  return {
    ...values,
    zipCode: customer.country === 'BR' && customer.zipCode ? formatCep(customer.zipCode) : values.zipCode,
    phone: formatPhone(customer.phone, customer.country),
    emergencyContactPhone: formatPhone(customer.emergencyContactPhone, customer.country),
    idType: customer.idType ?? '',
    status: isEditableStatus(customer.status) ? customer.status : 'ACTIVE',
  };
}

/** The body of a PUT that changes nothing but what `changes` says (the status actions use it). */
export function customerToInput(customer: Customer, changes: Partial<CustomerInput> = {}): CustomerInput {
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, status: _status, ...fields } = customer;
  return { ...fields, ...changes };
}

/**
 * Empty selects and dates mean "not given" (null); the domain schema trims and nulls the texts. A document
 * type without its number is no document: the new form starts on CPF, and a customer may have none.
 */
export function toCustomerInput(values: CustomerFormValues): CustomerInput {
  return {
    ...values,
    dateOfBirth: values.dateOfBirth || null,
    gender: values.gender || null,
    idType: values.idNumber.trim() ? values.idType || null : null,
  };
}

const domain = domainResolver(CustomerInput);

/** The shared CustomerInput schema validates the form, with the spec's messages (spec §5). */
export const customerFormResolver: Resolver<CustomerFormValues, unknown, CustomerValues> = (
  values,
  context,
  options,
) => domain(toCustomerInput(values), context, options as unknown as ResolverOptions<CustomerInput>);
