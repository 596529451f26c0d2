import { readFileSync } from 'node:fs';
import type { OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;
const manageBilling = { tenant: { org: 'MANAGE_BILLING' } } as const;
const studioPem = readFileSync(
  new URL('../modules/pix-psp/test-certificates/studio.pem', import.meta.url),
  'utf8',
);

/**
 * The PSP connection (decision 027): seen with VIEW_BILLING, changed, tested and disconnected with
 * MANAGE_BILLING. It names no object but the organization, so only the organization can be foreign.
 */
export const pixPspOperations: OperationTable = {
  'GET /organizations/{orgId}/pix-psp': { params: org, access: { tenant: { org: 'VIEW_BILLING' } } },
  'PUT /organizations/{orgId}/pix-psp': {
    params: org,
    body: () => ({
      preset: 'EFI',
      environment: 'SANDBOX',
      baseUrl: 'https://pix-h.api.efipay.com.br/v2',
      tokenUrl: 'https://pix-h.api.efipay.com.br/oauth/token',
      scopes: 'cobv.write cobv.read',
      clientId: 'Client_Id_proof',
      clientSecret: 'Client_Secret_proof',
      certificate: { format: 'PEM', pem: studioPem },
      pixKey: 'financeiro@example.com',
      chargeDaysAhead: 5,
      finePercent: 2,
      interestPercentMonthly: 1,
      discount: null,
    }),
    access: manageBilling,
  },
  'DELETE /organizations/{orgId}/pix-psp': { params: org, access: manageBilling },
  'POST /organizations/{orgId}/pix-psp/test-connection': { params: org, access: manageBilling },
  'POST /organizations/{orgId}/pix-psp/webhook-secret/rotate': { params: org, access: manageBilling },
};
