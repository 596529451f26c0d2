import { type AccessProfile, can } from '@reformer/domain/permissions';
import type { ExportKind } from './api/download-export.ts';

const org = { scope: 'ORG' } as const;

/** The exports this member may download: the server's rule (exports.routes.ts), to hide the others. */
export function allowedExports(profile: AccessProfile): ExportKind[] {
  const exportsCustomers = can(profile, 'EXPORT_CUSTOMERS', org);
  const kinds: ExportKind[] = [];
  if (exportsCustomers && can(profile, 'VIEW_CUSTOMER_PLANS', org)) kinds.push('plans');
  if (exportsCustomers && can(profile, 'VIEW_ENROLLMENTS', org)) kinds.push('enrollments');
  if (can(profile, 'VIEW_PAYMENTS', org) && (exportsCustomers || can(profile, 'EXPORT_REPORTS', org))) {
    kinds.push('payments');
  }
  return kinds;
}
