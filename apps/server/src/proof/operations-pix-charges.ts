import type { OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;
const manageBilling = { tenant: { org: 'MANAGE_BILLING' } } as const;
/** The PSP's webhook path: the organization and a secret nobody outside the PSP was given. */
const webhook = { orgId: 'organization', secret: () => 'not-the-webhook-secret' } as const;
const pspOnly = {
  token: {
    outsider: 404,
    showsTenant: false,
    why: 'the secret in the path is the capability (decision 030): without it every caller gets the same 404',
  },
} as const;

/**
 * PIX charges at the PSP (decision 030): a customer's charges are read as their billing is (VIEW_PAYMENTS), a
 * Pix is refunded through the PSP as a payment is refunded (MANAGE_PAYMENTS), and the webhook's registration and
 * "issue now" are the PSP's settings (MANAGE_BILLING). The seeded tenants connect no PSP, so those answer
 * PSP_CONNECTION_NOT_FOUND to whoever passes authorization. The webhook itself is public; its secret is the proof.
 */
export const pixChargeOperations: OperationTable = {
  'GET /organizations/{orgId}/customers/{customerId}/pix-charges': {
    params: { ...org, customerId: 'rosterCustomer' },
    access: { tenant: { org: 'VIEW_PAYMENTS' } },
  },
  'POST /organizations/{orgId}/payments/{paymentId}/pix-refunds': {
    params: { ...org, paymentId: 'payment' },
    access: { tenant: { org: 'MANAGE_PAYMENTS' } },
  },
  'GET /organizations/{orgId}/pix-psp/webhook': { params: org, access: manageBilling },
  'PUT /organizations/{orgId}/pix-psp/webhook': { params: org, body: () => ({}), access: manageBilling },
  'POST /organizations/{orgId}/pix-psp/charges/issue': { params: org, access: manageBilling },
  // The proof's server runs no sandbox PSP: connecting it and paying in it answer PIX_SANDBOX_OFF to whoever passes.
  'GET /organizations/{orgId}/pix-psp/sandbox': { params: org, access: manageBilling },
  'POST /organizations/{orgId}/pix-psp/sandbox/connect': { params: org, access: manageBilling },
  'POST /organizations/{orgId}/customers/{customerId}/pix-charges/{txid}/simulate-payment': {
    params: { ...org, customerId: 'rosterCustomer', txid: () => 'a'.repeat(35) },
    access: { tenant: { org: 'MANAGE_PAYMENTS' } },
  },
  'POST /pix-webhooks/{orgId}/{secret}/pix': {
    params: webhook,
    body: () => ({
      pix: [{ endToEndId: `E${'0'.repeat(31)}`, valor: '1.00', horario: '2026-11-26T12:00:00Z' }],
    }),
    access: pspOnly,
  },
  'POST /pix-webhooks/{orgId}/{secret}': { params: webhook, access: pspOnly },
};
