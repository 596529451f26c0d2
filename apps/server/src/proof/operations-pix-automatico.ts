import type { OperationTable } from './operation-table.ts';

const params = { orgId: 'organization', enrollmentId: 'enrollment' } as const;
const manageBilling = { tenant: { org: 'MANAGE_BILLING' } } as const;
/** The PSP's webhook path (decision 030): the organization and a secret nobody outside the PSP was given. */
const webhook = { orgId: 'organization', secret: () => 'not-the-webhook-secret' } as const;

/**
 * Pix Automático of an enrollment (decision 048): started and cancelled by who manages billing, read by who sees
 * payments. The seeded tenants connect no PSP, so a start answers PIX_AUTOMATICO_UNAVAILABLE and a cancel
 * PIX_AUTOMATICO_NOT_FOUND to whoever passes authorization; another tenant's enrollment is ENROLLMENT_NOT_FOUND.
 */
export const pixAutomaticoOperations: OperationTable = {
  'POST /organizations/{orgId}/enrollments/{enrollmentId}/pix-automatico': {
    params,
    body: () => ({ amountKind: 'FIXED' }),
    access: manageBilling,
  },
  'GET /organizations/{orgId}/enrollments/{enrollmentId}/pix-automatico': {
    params,
    access: { tenant: { org: 'VIEW_PAYMENTS' } },
  },
  'POST /organizations/{orgId}/enrollments/{enrollmentId}/pix-automatico/cancel': {
    params,
    access: manageBilling,
  },
  'POST /pix-webhooks/{orgId}/{secret}/rec': {
    params: webhook,
    body: () => ({ recs: [{ idRec: `RR12345678${'2'.repeat(8)}${'a'.repeat(11)}`, status: 'APROVADA' }] }),
    access: {
      token: {
        outsider: 404,
        showsTenant: false,
        why: 'the secret in the path is the capability (decision 030): without it every caller gets the same 404',
      },
    },
  },
  'POST /pix-webhooks/{orgId}/{secret}/cobr': {
    params: webhook,
    body: () => ({
      cobsr: [
        { idRec: `RR12345678${'2'.repeat(8)}${'a'.repeat(11)}`, txid: 'a'.repeat(30), status: 'ATIVA' },
      ],
    }),
    access: {
      token: {
        outsider: 404,
        showsTenant: false,
        why: 'the secret in the path is the capability (decision 030): without it every caller gets the same 404',
      },
    },
  },
};
