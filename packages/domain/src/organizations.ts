import { z } from 'zod';
import { OrgRole } from './permissions.ts';
import { TimeZone } from './time-zones.ts';
import { V } from './validation.ts';

export const OrganizationInput = z.object({
  name: z.string().trim().min(1, V.organizationNameRequired).max(120, V.max),
  description: z.string().trim().max(1000, V.max).optional().default(''),
  /** Where the studio's classes happen; absent on update = unchanged (a new organization gets the default). */
  timeZone: TimeZone.optional(),
});
export type OrganizationInput = z.input<typeof OrganizationInput>;

export const Organization = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  timeZone: z.string(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof Organization>;

export const OrganizationListEntry = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  role: OrgRole.nullable(),
  memberCount: z.number().int(),
  establishmentCount: z.number().int(),
  createdAt: z.string(),
});
export type OrganizationListEntry = z.infer<typeof OrganizationListEntry>;

/** GET /organizations/me: organizations the user owns, and those they joined by invitation. */
export const MyOrganizations = z.object({
  owned: z.array(OrganizationListEntry),
  invited: z.array(OrganizationListEntry),
});
export type MyOrganizations = z.infer<typeof MyOrganizations>;

/** Leaving needs the exact organization name typed back (spec §4). */
export function isLeaveConfirmed(organizationName: string, typed: string): boolean {
  return typed === organizationName;
}

/** GET /organizations/{orgId}: the organization as the current member sees it. */
export const OrganizationDetails = Organization.extend({
  role: OrgRole.nullable(),
  memberCount: z.number().int(),
  establishmentCount: z.number().int(),
});
export type OrganizationDetails = z.infer<typeof OrganizationDetails>;
