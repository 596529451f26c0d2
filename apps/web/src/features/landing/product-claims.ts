/**
 * What the public site says the product does, as data a test can hold it to
 * (apps/server/src/public-site-claims.test.ts, against the API's own /api/openapi.json):
 * - every feature the site presents as available names the API operations (`METHOD /path`, as the OpenAPI
 *   document writes them) that make it work — the test fails if one of them is gone;
 * - every feature the site presents as coming names a pattern of the API paths it will need — the test fails
 *   as soon as a route matching it exists, so the site cannot go on calling a built feature "coming".
 * Each id has its title and text under `public.home.features.items.<id>` / `public.home.coming.items.<id>` in
 * both catalogs. This file imports nothing: the server's test reads it as it is.
 */

export type AvailableFeature = {
  id: string;
  /** The operations behind the feature; empty only for what lives in the browser alone. */
  operations: readonly string[];
};

export const AVAILABLE_FEATURES = [
  {
    id: 'dashboard',
    operations: ['GET /organizations/{orgId}/dashboard', 'GET /organizations/{orgId}/customer-credits'],
  },
  {
    id: 'schedules',
    operations: ['POST /organizations/{orgId}/schedules', 'PUT /organizations/{orgId}/sessions/{sessionId}'],
  },
  {
    id: 'attendance',
    operations: [
      'GET /organizations/{orgId}/sessions',
      'POST /organizations/{orgId}/sessions/{sessionId}/check-ins',
      'POST /organizations/{orgId}/sessions/{sessionId}/customers',
    ],
  },
  {
    id: 'enrollments',
    operations: [
      'POST /organizations/{orgId}/customer-plans',
      'POST /organizations/{orgId}/enrollments',
      'POST /organizations/{orgId}/enrollments/{enrollmentId}/actions',
      'POST /organizations/{orgId}/purchases',
    ],
  },
  {
    id: 'payments',
    operations: [
      'POST /organizations/{orgId}/payments',
      'GET /organizations/{orgId}/customers/{customerId}/billing',
      'PUT /organizations/{orgId}/pix-settings',
    ],
  },
  {
    id: 'bankPix',
    operations: [
      'PUT /organizations/{orgId}/pix-psp',
      'GET /organizations/{orgId}/customers/{customerId}/pix-charges',
      'POST /pix-webhooks/{orgId}/{secret}/pix',
    ],
  },
  {
    id: 'pixAutomatico',
    operations: [
      'POST /organizations/{orgId}/enrollments/{enrollmentId}/pix-automatico',
      'POST /pix-webhooks/{orgId}/{secret}/rec',
      'POST /pix-webhooks/{orgId}/{secret}/cobr',
    ],
  },
  {
    id: 'records',
    operations: [
      'POST /organizations/{orgId}/customers/{customerId}/medical-records',
      'GET /organizations/{orgId}/customers/{customerId}/medical-records/audit',
    ],
  },
  {
    id: 'reminders',
    operations: [
      'GET /organizations/{orgId}/events/birthdays',
      'GET /organizations/{orgId}/events/payment-reminders',
      'PUT /organizations/{orgId}/events/config/birthdays',
    ],
  },
  {
    id: 'makeUpCredits',
    operations: [
      'GET /organizations/{orgId}/customers/{customerId}/make-up-credits',
      'POST /organizations/{orgId}/sessions/{sessionId}/waitlist',
      'POST /waitlist-offers/{token}/accept',
    ],
  },
  {
    id: 'classLink',
    operations: [
      'POST /organizations/{orgId}/customers/{customerId}/class-link',
      'POST /portal/session',
      'GET /portal/me',
      'POST /portal/sessions/{sessionId}/cancel',
      'POST /portal/payments/charges',
      'POST /portal/contract/signatures',
      'POST /portal/health-questionnaire/answers',
      'POST /public/studios/{slug}/trial-bookings',
    ],
  },
  {
    id: 'customers',
    operations: [
      'GET /organizations/{orgId}/customers',
      'POST /organizations/{orgId}/customers/import',
      'GET /organizations/{orgId}/exports/payments',
    ],
  },
  {
    id: 'team',
    operations: [
      'POST /organizations/{orgId}/establishments',
      'POST /organizations/{orgId}/staff/invite',
      'PUT /organizations/{orgId}/staff/{staffUserId}/role',
    ],
  },
  {
    id: 'whatsapp',
    // The number connected with its templates (decision 049), the signed delivery statuses, and the month's
    // cost of what is sent (decision 053): the last was what the site watched while sending was being built.
    operations: [
      'PUT /organizations/{orgId}/whatsapp',
      'POST /organizations/{orgId}/whatsapp/templates',
      'POST /whatsapp-webhooks/{orgId}/{secret}',
      'GET /organizations/{orgId}/whatsapp/costs',
    ],
  },
  {
    id: 'privacy',
    operations: [
      'GET /organizations/{orgId}/customers/{customerId}/data-export',
      'POST /organizations/{orgId}/customers/{customerId}/purge',
    ],
  },
] as const satisfies readonly AvailableFeature[];

/** The reasons the churn-risk score is made of (packages/domain/src/churn-risk.ts), one card each. */
export const CHURN_RISK_OPERATION = 'GET /organizations/{orgId}/churn-risk';

export type ComingFeature = {
  id: string;
  /** Matches the path of any API route the feature needs; none may exist while the site calls it coming. */
  route: RegExp;
  /** A path the feature's API could take, which `route` must match: the pattern is not one that never fires. */
  example: string;
};

/**
 * Being built now (nothing at the moment: WhatsApp's sending moved to the available list with its cost
 * estimate, decision 053). Each pattern names the part of the API without which the feature cannot work — not its
 * settings: the studio's PIX key and its bank's settings do not confirm a payment; the bank's notice does.
 */
export const COMING_FEATURES: readonly ComingFeature[] = [];

export type AvailableFeatureId = (typeof AVAILABLE_FEATURES)[number]['id'];
export type ComingFeatureId = (typeof COMING_FEATURES)[number]['id'];
