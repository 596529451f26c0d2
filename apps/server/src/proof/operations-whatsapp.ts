import type { OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;
const view = { tenant: { org: 'VIEW_SETTINGS' } } as const;
const manage = { tenant: { org: 'MANAGE_SETTINGS' } } as const;
/** Meta's webhook path: the organization and a secret nobody outside Meta was given. */
const webhook = { orgId: 'organization', secret: () => 'not-the-webhook-secret' } as const;
const metaOnly = {
  token: {
    outsider: 404,
    showsTenant: false,
    why: 'the secret in the path is the capability (decision 049, as 030): without it every caller gets the same 404, and a delivery must also be signed with the app secret',
  },
} as const;

/**
 * Settings → Messages (decision 049): read with VIEW_SETTINGS, changed with MANAGE_SETTINGS. The seeded tenants
 * connect no number, so the operations that need Meta answer WHATSAPP_CONNECTION_NOT_FOUND to whoever passes
 * authorization (the connect itself is refused by the unreachable Graph address before anything is stored).
 * A customer's WhatsApp opt-in is read with VIEW_CUSTOMERS anywhere and set with MANAGE_CUSTOMERS anywhere.
 */
export const whatsappOperations: OperationTable = {
  'GET /organizations/{orgId}/whatsapp': { params: org, access: view },
  'PUT /organizations/{orgId}/whatsapp': {
    params: org,
    body: () => ({
      // Nothing listens on port 9: the connect is refused (WHATSAPP_UNAVAILABLE) after authorization.
      apiBaseUrl: 'https://127.0.0.1:9',
      phoneNumberId: '106540352242922',
      wabaId: '102290129340398',
      accessToken: 'EAAGproof',
      appSecret: 'proof-app-secret',
    }),
    access: manage,
  },
  'DELETE /organizations/{orgId}/whatsapp': { params: org, access: manage },
  'POST /organizations/{orgId}/whatsapp/webhook-registration': { params: org, access: manage },
  'GET /organizations/{orgId}/whatsapp/test-messages': { params: org, access: view },
  'POST /organizations/{orgId}/whatsapp/test-messages': {
    params: org,
    body: () => ({ to: '(11) 98765-4321' }),
    access: manage,
  },
  'GET /organizations/{orgId}/whatsapp/templates': { params: org, access: view },
  'GET /organizations/{orgId}/whatsapp/costs': { params: org, access: view },
  'PUT /organizations/{orgId}/whatsapp/costs': {
    params: org,
    body: () => ({ UTILITY: 5_000, MARKETING: null }),
    access: manage,
  },
  'POST /organizations/{orgId}/whatsapp/templates': { params: org, access: manage },
  'GET /organizations/{orgId}/customers/{customerId}/whatsapp-consent': {
    params: { ...org, customerId: 'customer' },
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
  'PUT /organizations/{orgId}/customers/{customerId}/whatsapp-consent': {
    params: { ...org, customerId: 'customer' },
    body: () => ({ isOptedIn: true }),
    access: { tenant: { anywhere: 'MANAGE_CUSTOMERS' } },
  },
  'GET /whatsapp-webhooks/{orgId}/{secret}': {
    params: webhook,
    query: () => ({
      'hub.mode': 'subscribe',
      'hub.verify_token': 'not-the-webhook-secret',
      'hub.challenge': '1',
    }),
    access: metaOnly,
  },
  'POST /whatsapp-webhooks/{orgId}/{secret}': {
    params: webhook,
    body: () => ({ object: 'whatsapp_business_account', entry: [] }),
    access: metaOnly,
  },
};
