import { z } from 'zod';

/** The permission model of spec core.md §6, written once for the server (enforce) and the web (hide). */

export const ACTIONS = [
  'VIEW_SETTINGS', 'MANAGE_SETTINGS', 'DELETE_ORGANIZATION',
  'VIEW_STAFF', 'MANAGE_STAFF', 'INVITE_STAFF',
  'VIEW_ESTABLISHMENTS', 'MANAGE_ESTABLISHMENTS',
  'VIEW_CUSTOMERS', 'MANAGE_CUSTOMERS', 'IMPORT_CUSTOMERS', 'EXPORT_CUSTOMERS',
  'VIEW_CUSTOMER_PLANS', 'MANAGE_CUSTOMER_PLANS',
  'VIEW_MEDICAL_RECORDS', 'MANAGE_MEDICAL_RECORDS', 'DELETE_MEDICAL_RECORDS',
  'VIEW_BILLING', 'MANAGE_BILLING', 'VIEW_PAYMENTS', 'MANAGE_PAYMENTS',
  'VIEW_REPORTS', 'EXPORT_REPORTS',
  'VIEW_SCHEDULES', 'MANAGE_SCHEDULES', 'VIEW_SCHEDULE_SESSIONS', 'MANAGE_SCHEDULE_SESSIONS',
  'VIEW_ENROLLMENTS', 'MANAGE_ENROLLMENTS', 'VIEW_ATTENDANCE', 'MANAGE_ATTENDANCE', 'CHECKIN_CUSTOMERS',
] as const;
export const Action = z.enum(ACTIONS);
export type Action = z.infer<typeof Action>;

export const SCOPES = ['ORG', 'ESTABLISHMENT'] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

/** Ordered from most to least powerful: the order decides who may grant what. */
export const ORG_ROLES = [
  'ORG_OWNER', 'ORG_ADMINISTRATOR', 'ORG_MANAGER', 'ORG_MEDICAL_PROFESSIONAL', 'ORG_ACCOUNTANT', 'ORG_VIEWER',
] as const;
export const OrgRole = z.enum(ORG_ROLES);
export type OrgRole = z.infer<typeof OrgRole>;

export const ESTABLISHMENT_ROLES = [
  'EST_ESTABLISHMENT_MANAGER', 'EST_INSTRUCTOR', 'EST_RECEPTIONIST', 'EST_MEDICAL_STAFF', 'EST_ASSISTANT',
  'EST_VIEWER',
] as const;
export const EstablishmentRole = z.enum(ESTABLISHMENT_ROLES);
export type EstablishmentRole = z.infer<typeof EstablishmentRole>;

export type Grant = { action: Action; scope: Scope; constraints: { ownOnly: boolean } };

export type AllowedEstablishments = 'ALL' | string[];

/** What GET /auth/profile/access answers, and what `can()` evaluates. */
export type AccessProfile = {
  grants: Grant[];
  allowedEstablishmentIdsByAction: Partial<Record<Action, AllowedEstablishments>>;
};

/** The memberships of one user in one organization, as stored. */
export type Membership = {
  orgRole: OrgRole | null;
  establishmentRoles: { establishmentId: string; role: EstablishmentRole }[];
};

export type PermissionCheck =
  | { scope: 'ORG' }
  | { scope: 'ESTABLISHMENT'; establishmentId?: string; ownerId?: string };
