import { describe, expect, it } from 'vitest';
import { BILLING_CYCLES, billingCycleMonths, CustomerPlanInput, renewsByDefault } from './customer-plans.ts';
import {
  CUSTOMER_STATUSES,
  CustomerInput,
  CustomersSearchParams,
  formatCep,
  idTypesFor,
  isCalendarDate,
  isOffTheBooks,
  ListCustomersQuery,
  OFF_THE_BOOKS_STATUSES,
  ON_THE_BOOKS_STATUSES,
  searchWords,
} from './customers.ts';

const keysOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('customer schema', () => {
  const base = { firstName: 'João', lastName: 'da Silva' };

  it('accepts a minimal customer and fills defaults', () => {
    const parsed = CustomerInput.parse(base);
    expect(parsed).toMatchObject({
      firstName: 'João',
      country: 'BR',
      status: 'ACTIVE',
      isWhatsapp: false,
      email: null,
    });
  });

  it('requires an id number when an id type is chosen, and checks CPF digits', () => {
    expect(keysOf(CustomerInput.safeParse({ ...base, idType: 'CPF' }))).toEqual([
      'idNumber:validation.idNumberRequired',
    ]);
    expect(keysOf(CustomerInput.safeParse({ ...base, idType: 'CPF', idNumber: '123.456.789-00' }))).toEqual([
      'idNumber:validation.cpf',
    ]);
    expect(CustomerInput.parse({ ...base, idType: 'CPF', idNumber: '529.982.247-25' }).idNumber).toBe(
      '52998224725',
    );
    expect(CustomerInput.parse({ ...base, idType: 'RG', idNumber: '12.345.678-9' }).idNumber).toBe(
      '12.345.678-9',
    );
  });

  it('offers only the id types of the customer country, and checks other id numbers loosely', () => {
    expect(keysOf(CustomerInput.safeParse({ ...base, idType: 'SSN', idNumber: '123-45-6789' }))).toEqual([
      'idType:validation.idTypeCountry',
    ]);
    expect(
      CustomerInput.safeParse({ ...base, country: 'US', idType: 'SSN', idNumber: '123-45-6789' }).success,
    ).toBe(true);
    expect(
      CustomerInput.safeParse({ ...base, country: 'AR', idType: 'PASSPORT', idNumber: 'AB 123/45' }).success,
    ).toBe(true);
    for (const idNumber of ['!!!', '12', 'ab#12']) {
      expect(keysOf(CustomerInput.safeParse({ ...base, idType: 'RG', idNumber })), idNumber).toEqual([
        'idNumber:validation.idNumber',
      ]);
    }
  });

  it('refuses a birth date in the future, a bad email, phone and CEP', () => {
    const result = CustomerInput.safeParse({
      ...base,
      dateOfBirth: '2999-01-01',
      email: 'joao@',
      phone: '123',
      zipCode: '1234',
    });
    expect(keysOf(result).sort()).toEqual(
      [
        'dateOfBirth:validation.dateOfBirthFuture',
        'email:validation.email',
        'phone:validation.phone',
        'zipCode:validation.cep',
      ].sort(),
    );
  });

  it('requires first and last name with the spec messages', () => {
    expect(keysOf(CustomerInput.safeParse({ firstName: ' ', lastName: '' })).sort()).toEqual([
      'firstName:validation.firstNameRequired',
      'lastName:validation.lastNameRequired',
    ]);
  });

  it('stores phones in E.164 whichever way they were typed, and refuses impossible ones', () => {
    const parsed = CustomerInput.parse({
      firstName: 'Ana',
      lastName: 'Lima',
      phone: '(11) 91234-5678',
      emergencyContactPhone: '11 3333-4444',
    });
    expect(parsed.phone).toBe('+5511912345678');
    expect(parsed.emergencyContactPhone).toBe('+551133334444');
    expect(
      keysOf(CustomerInput.safeParse({ firstName: 'A', lastName: 'B', phone: '(11) 1234-5678' })),
    ).toEqual(['phone:validation.phone']);
    expect(
      CustomerInput.parse({ firstName: 'A', lastName: 'B', country: 'US', phone: '(212) 555-0123' }).phone,
    ).toBe('+12125550123');
  });

  it('stores a CEP one way, 00000-000, typed with or without the dash; other countries as typed', () => {
    const cepOf = (zipCode: string, country = 'BR') =>
      CustomerInput.parse({ firstName: 'A', lastName: 'B', country, zipCode }).zipCode;
    expect(cepOf('01310100')).toBe('01310-100');
    expect(cepOf(' 01310-100 ')).toBe('01310-100');
    expect(cepOf('10001', 'US')).toBe('10001');
    expect(formatCep('0131')).toBe('0131');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('01310-1009')).toBe('01310-100');
  });

  it('offers id types per country with a default set', () => {
    expect(idTypesFor('BR')).toEqual(['CPF', 'RG', 'PASSPORT']);
    expect(idTypesFor('us')).toEqual(['SSN', 'DRIVER_LICENSE', 'PASSPORT']);
    expect(idTypesFor('IN')).toEqual(['AADHAAR', 'PAN', 'PASSPORT']);
    expect(idTypesFor('PT')).toEqual(['NATIONAL_ID', 'PASSPORT']);
  });
});

describe('customer list query', () => {
  it('defaults to page 1 and limit 10; the page URL falls back on bad values, the API refuses them', () => {
    expect(ListCustomersQuery.parse({})).toEqual({ page: 1, limit: 10, search: '' });
    expect(ListCustomersQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ListCustomersQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(CustomersSearchParams.parse({ page: '0', limit: '500' })).toEqual({
      page: 1,
      limit: 10,
      search: '',
    });
    expect(CustomersSearchParams.parse({ page: '3', limit: '25', search: ' ana ' })).toEqual({
      page: 3,
      limit: 25,
      search: 'ana',
    });
  });

  it('splits the search into accent-free lower-case words', () => {
    expect(searchWords('  João   CONCEIÇÃO ')).toEqual(['joao', 'conceicao']);
  });

  it('searches a number written with punctuation by its digits, and leaves other words alone', () => {
    expect(searchWords('529.982.247-25')).toEqual(['52998224725']);
    expect(searchWords('(11) 91234-5678')).toEqual(['11', '912345678']);
    expect(searchWords('12.345.678-9 joao.silva@example.com +55 -')).toEqual([
      '123456789',
      'joao.silva@example.com',
      '+55',
      '-',
    ]);
  });
});

describe('customer plan schema', () => {
  const plan = {
    name: 'Mensal 2x',
    description: 'Two sessions a week',
    priceCents: 24900,
    currency: 'BRL',
    billingCycle: 'MONTHLY',
    features: ['Reformer'],
    weeklySessionsLimit: 2,
  };

  it('accepts a valid plan, active by default', () => {
    expect(CustomerPlanInput.parse(plan)).toMatchObject({ isActive: true, weeklySessionsLimit: 2 });
  });

  it('renews monthly plans by default and leaves the longer cycles as fixed terms (issue #26)', () => {
    expect(BILLING_CYCLES.filter(renewsByDefault)).toEqual(['MONTHLY']);
    expect(CustomerPlanInput.parse({ ...plan, renewsAutomatically: false }).renewsAutomatically).toBe(false);
  });

  it('enforces the spec rules', () => {
    const result = CustomerPlanInput.safeParse({
      ...plan,
      name: '',
      description: '',
      priceCents: -1,
      features: [],
      weeklySessionsLimit: 21,
    });
    expect(keysOf(result).sort()).toEqual(
      [
        'description:validation.planDescriptionRequired',
        'features:validation.servicesRequired',
        'name:validation.planNameRequired',
        'priceCents:validation.price',
        'weeklySessionsLimit:validation.weeklyLimit',
      ].sort(),
    );
    expect(CustomerPlanInput.safeParse({ ...plan, priceCents: 10.5 }).success).toBe(false);
    expect(CustomerPlanInput.safeParse({ ...plan, weeklySessionsLimit: 0 }).success).toBe(false);
    expect(CustomerPlanInput.safeParse({ ...plan, weeklySessionsLimit: 20 }).success).toBe(true);
    expect(CustomerPlanInput.safeParse({ ...plan, currency: 'EUR' }).success).toBe(false);
  });

  it('maps billing cycles to months', () => {
    expect([
      billingCycleMonths('MONTHLY'),
      billingCycleMonths('QUARTERLY'),
      billingCycleMonths('SEMI_ANNUAL'),
      billingCycleMonths('ANNUALLY'),
    ]).toEqual([1, 3, 6, 12]);
  });
});

describe('calendar dates', () => {
  it('accepts real days from 1900 on and refuses impossible ones', () => {
    expect(isCalendarDate('1990-05-17')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-02-30')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('1990-5-17')).toBe(false);
  });
});

describe('the statuses on and off the books', () => {
  it('split every customer status in two, each in exactly one', () => {
    expect([...ON_THE_BOOKS_STATUSES, ...OFF_THE_BOOKS_STATUSES].sort()).toEqual(
      [...CUSTOMER_STATUSES].sort(),
    );
    expect(ON_THE_BOOKS_STATUSES).toEqual(['ACTIVE', 'INACTIVE', 'PENDING']);
    expect(CUSTOMER_STATUSES.filter(isOffTheBooks)).toEqual(['DELETED', 'PURGED']);
  });
});
