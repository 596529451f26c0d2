import type { Action } from '@reformer/domain/permissions';
import { backupOperations } from './operations-backups.ts';
import { churnRiskOperations } from './operations-churn-risk.ts';
import { classLinkOperations } from './operations-class-links.ts';
import { contractOperations } from './operations-contracts.ts';
import { customerOperations } from './operations-customers.ts';
import { dashboardOperations } from './operations-dashboard.ts';
import { enrollmentOperations } from './operations-enrollments.ts';
import { eventOperations } from './operations-events.ts';
import { healthQuestionnaireOperations } from './operations-health-questionnaire.ts';
import { importExportOperations } from './operations-import-export.ts';
import { makeUpCreditOperations } from './operations-make-up-credits.ts';
import { medicalRecordOperations } from './operations-medical-records.ts';
import { organizationOperations } from './operations-organization.ts';
import { paymentOperations } from './operations-payments.ts';
import { pixAutomaticoOperations } from './operations-pix-automatico.ts';
import { pixChargeOperations } from './operations-pix-charges.ts';
import { pixPspOperations } from './operations-pix-psp.ts';
import { portalPaymentOperations } from './operations-portal-payments.ts';
import { portalProfileOperations } from './operations-portal-profile.ts';
import { purchaseOperations } from './operations-purchases.ts';
import { schedulingOperations } from './operations-scheduling.ts';
import { studioPageOperations } from './operations-studio-pages.ts';
import { waitlistOperations } from './operations-waitlist.ts';
import { whatsappOperations } from './operations-whatsapp.ts';
import { KINDS, type Kind, type TenantIds } from './seed.ts';

/**
 * What the route's middleware demands: membership only, `requirePermission` (a list: any one of them at
 * ORG scope), or `requireActionAnywhere`.
 */
export type Needs =
  | 'member'
  /** `alsoOrg`: a second check after the first, also any one of them at ORG scope. */
  | { org: Action | readonly Action[]; alsoOrg?: Action | readonly Action[] }
  /** Each of them at ORG scope (a customer's data export, decision 021). */
  | { everyOrg: readonly Action[] }
  | { anywhere: Action }
  /** Only a user who owns every organization of the install (backups, decision 036). */
  | 'installOwner';

/**
 * The service's check at the establishment of the object `of` (every seeded object sits at the tenant's
 * main establishment): a member holding none of `seeWith` there gets 404, as if it did not exist; one who
 * sees it but holds none of `act` gets 403. `seeWith` absent: everyone who passed the middleware sees it.
 */
export type AtRule = { of: Kind; seeWith?: readonly Action[]; act: readonly Action[] };

/**
 * An id (or searchable text) in the query or the body: phase (b) puts the other tenant's values there, one
 * at a time. `at` is the query key or the body's dotted path. `status` when the answer must be exact.
 */
export type Slot = { in: 'query' | 'body'; at: string; kind: Kind | 'customerName'; status?: number };

/**
 * A path parameter given another object of the tenant's own, one the rest of the path does not belong to (a
 * record under another customer): phase (b) expects what a foreign id there gets.
 */
export type Mismatch = { at: string; kind: Kind };

export type Access =
  /** An operation of one organization: its id in the path (or the query), members only. */
  | { tenant: Needs; at?: AtRule }
  /** Reads only the caller's own data, or nothing of any tenant: no id can point elsewhere. */
  | { caller: 'reads' }
  /** Writes only the caller's own data and names no existing object: not probed, for the reason given. */
  | { caller: 'writes'; why: string }
  /** Addressed by a token (an invitation's, a waitlist offer's, a class link's), not an organization: what an outsider holding it gets. */
  | { token: { outsider: number; showsTenant: boolean; why: string } };

export type ParamSource = keyof TenantIds | ((ids: TenantIds) => string);

export type OperationSpec = {
  /** How to fill each path parameter from a tenant's seed. */
  params?: Record<string, ParamSource>;
  /** A valid query and body, so validation passes and authorization is what answers. */
  query?: (ids: TenantIds) => Record<string, string>;
  body?: (ids: TenantIds) => unknown;
  slots?: readonly Slot[];
  mismatches?: readonly Mismatch[];
  access: Access;
  /** Every answer, refusals included, must carry `Cache-Control: no-store`. */
  noStore?: true;
  /** A read that writes an audit entry when it succeeds: members allowed to make it get this failing query. */
  auditedRead?: { failingQuery: Record<string, string> };
};

export type OperationTable = Record<string, OperationSpec>;

/**
 * Every operation of GET /api/openapi.json, keyed `METHOD /path/{template}`. A route added without an entry
 * here, or an entry whose route is gone, fails both proof suites.
 */
export const OPERATIONS: OperationTable = {
  ...organizationOperations,
  ...customerOperations,
  ...contractOperations,
  ...schedulingOperations,
  ...enrollmentOperations,
  ...paymentOperations,
  ...pixPspOperations,
  ...pixChargeOperations,
  ...pixAutomaticoOperations,
  ...medicalRecordOperations,
  ...healthQuestionnaireOperations,
  ...dashboardOperations,
  ...churnRiskOperations,
  ...eventOperations,
  ...importExportOperations,
  ...makeUpCreditOperations,
  ...waitlistOperations,
  ...classLinkOperations,
  ...portalProfileOperations,
  ...purchaseOperations,
  ...backupOperations,
  ...portalPaymentOperations,
  ...studioPageOperations,
  ...whatsappOperations,
};

/** Operations of the document the table does not cover, and entries the document no longer has. */
export function coverageProblems(documentKeys: readonly string[]): string[] {
  const inDocument = new Set(documentKeys);
  return [
    ...documentKeys
      .filter((key) => !(key in OPERATIONS))
      .map((key) => `${key}: in the OpenAPI document but not in the operation table`),
    ...Object.keys(OPERATIONS)
      .filter((key) => !inDocument.has(key))
      .map((key) => `${key}: in the operation table but no longer in the OpenAPI document`),
  ];
}

/** Path parameters that name an object of the tenant (not the organization itself). */
export function pathSlots(spec: OperationSpec): { name: string; kind: Kind }[] {
  return Object.entries(spec.params ?? {})
    .filter((entry): entry is [string, Kind] => isKind(entry[1]) && entry[1] !== 'organization')
    .map(([name, kind]) => ({ name, kind }));
}

function isKind(source: ParamSource): source is Kind {
  return (KINDS as readonly unknown[]).includes(source);
}
