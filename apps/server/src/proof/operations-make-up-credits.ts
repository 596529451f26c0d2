import type { OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;
const dates = { ...org, establishmentId: 'establishment' } as const;
// A date is no object of the tenant: only the establishment in its path is substituted. The seed names it.
const christmas = { ...dates, date: () => '2027-12-25' } as const;
const manageSettings = { tenant: { org: 'MANAGE_SETTINGS' } } as const;

/**
 * Make-up credits (decision 023), written here from the contract: the rules and the no-credit dates are
 * read by every member and changed with MANAGE_SETTINGS; a customer's credits need VIEW_CUSTOMERS anywhere.
 * Earning and spending go through the attendance operations (operations-scheduling.ts).
 */
export const makeUpCreditOperations: OperationTable = {
  'GET /organizations/{orgId}/make-up-credit-settings': { params: org, access: { tenant: 'member' } },
  'PUT /organizations/{orgId}/make-up-credit-settings': {
    params: org,
    body: () => ({
      noticeHours: 12,
      monthlyLimit: 3,
      validity: 'DAYS',
      validityDays: 45,
      allowMakeUpOfMakeUp: true,
    }),
    access: manageSettings,
  },
  'GET /organizations/{orgId}/establishments/{establishmentId}/no-credit-dates': {
    params: dates,
    access: { tenant: 'member' },
  },
  'PUT /organizations/{orgId}/establishments/{establishmentId}/no-credit-dates/{date}': {
    params: christmas,
    body: () => ({ name: 'Natal' }),
    access: manageSettings,
  },
  'DELETE /organizations/{orgId}/establishments/{establishmentId}/no-credit-dates/{date}': {
    params: christmas,
    access: manageSettings,
  },
  'GET /organizations/{orgId}/customers/{customerId}/make-up-credits': {
    params: { ...org, customerId: 'rosterCustomer' },
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
};
