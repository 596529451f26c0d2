import type { Action } from '@reformer/domain/permissions';
import type { AtRule, OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;
const session = { ...org, sessionId: 'waitlistSession' } as const;
const entry = { ...session, entryId: 'waitlistEntry' } as const;
const offer = { token: 'waitlistOfferToken' } as const;

/**
 * The waitlist (decision 024), written here from the contract: a session's list is read with any of the
 * session page's actions at its establishment (else 404); changes are seen like any session change (with
 * VIEW_SCHEDULES or a page action, else 404) and need MANAGE_ATTENDANCE there (else 403). The hold time is
 * read by every member and changed with MANAGE_SETTINGS. The seeded offer was declined, so its public
 * operations answer every caller alike and write nothing.
 */
const PAGE: readonly Action[] = [
  'VIEW_ATTENDANCE',
  'VIEW_SCHEDULE_SESSIONS',
  'CHECKIN_CUSTOMERS',
  'MANAGE_ATTENDANCE',
];
const SEE: readonly Action[] = ['VIEW_SCHEDULES', ...PAGE];
const manage = {
  tenant: { anywhere: 'MANAGE_ATTENDANCE' },
  at: { of: 'waitlistSession', seeWith: SEE, act: ['MANAGE_ATTENDANCE'] } satisfies AtRule,
} as const;
const holder = (outsider: number, why: string) =>
  ({ token: { outsider, showsTenant: true, why: `the token is the capability: ${why}` } }) as const;

export const waitlistOperations: OperationTable = {
  'GET /organizations/{orgId}/sessions/{sessionId}/waitlist': {
    params: session,
    access: { tenant: 'member', at: { of: 'waitlistSession', seeWith: PAGE, act: PAGE } },
  },
  'POST /organizations/{orgId}/sessions/{sessionId}/waitlist': {
    params: session,
    body: (ids) => ({ customerIds: [ids.customer] }),
    slots: [{ in: 'body', at: 'customerIds.0', kind: 'customer' }],
    access: manage,
  },
  'PUT /organizations/{orgId}/sessions/{sessionId}/waitlist/order': {
    params: session,
    body: () => ({ entryIds: [] }),
    access: manage,
  },
  'DELETE /organizations/{orgId}/sessions/{sessionId}/waitlist/{entryId}': {
    params: entry,
    mismatches: [{ at: 'sessionId', kind: 'session' }],
    access: manage,
  },
  'GET /organizations/{orgId}/waitlist-settings': { params: org, access: { tenant: 'member' } },
  'PUT /organizations/{orgId}/waitlist-settings': {
    params: org,
    body: () => ({ holdMinutes: 45, messageLanguage: 'en_US' }),
    access: { tenant: { org: 'MANAGE_SETTINGS' } },
  },
  'GET /waitlist-offers/{token}': {
    params: offer,
    access: holder(200, 'whoever holds the link sees the offer (the customer opens it without signing in)'),

    // The token is the key to a customer's data: no cache keeps an answer (issue #27).
    noStore: true,
  },
  'POST /waitlist-offers/{token}/accept': {
    params: offer,
    access: holder(409, 'the seeded offer was declined: WAITLIST_OFFER_CLOSED for anyone'),
    noStore: true,
  },
  'POST /waitlist-offers/{token}/decline': {
    params: offer,
    access: holder(200, 'declining a declined offer answers it again and writes nothing'),
    noStore: true,
  },
};
