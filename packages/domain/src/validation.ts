/**
 * Validation messages are i18n keys (`validation.*` in the catalogs), so the same zod schema gives the
 * server's English `details` and the web's translated field errors.
 */
export const V = {
  required: 'validation.required',
  email: 'validation.email',
  min: 'validation.min',
  max: 'validation.max',
  format: 'validation.format',
  date: 'validation.date',
  number: 'validation.number',
  phone: 'validation.phone',
  postalCode: 'validation.postalCode',
  cep: 'validation.cep',
  passwordsMismatch: 'validation.passwordsMismatch',
  idNumber: 'validation.idNumber',
  cpf: 'validation.cpf',
  organizationNameRequired: 'validation.organizationNameRequired',
  firstNameRequired: 'validation.firstNameRequired',
  lastNameRequired: 'validation.lastNameRequired',
  establishmentNameRequired: 'validation.establishmentNameRequired',
  roleRequired: 'validation.roleRequired',
  duplicateEstablishment: 'validation.duplicateEstablishment',
  idNumberRequired: 'validation.idNumberRequired',
  idTypeCountry: 'validation.idTypeCountry',
  dateOfBirthFuture: 'validation.dateOfBirthFuture',
  planNameRequired: 'validation.planNameRequired',
  planDescriptionRequired: 'validation.planDescriptionRequired',
  price: 'validation.price',
  servicesRequired: 'validation.servicesRequired',
  weeklyLimit: 'validation.weeklyLimit',
} as const;
