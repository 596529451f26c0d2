import { type EstablishmentRole, OrgRole } from '@reformer/domain/permissions';
import {
  addMember,
  createCustomer,
  createEnrollment,
  createEstablishment,
  createOrganization,
  createPlan,
  createSchedule,
  createUser,
  scheduleBody,
  type TestUser,
} from './factories.ts';
import type { TestApp } from './test-app.ts';

/** What adds staff and customers to an organization: its owner acts for the test. */
type OwnedOrganization = { owner: TestUser; organizationId: string };
/** Where the studio's classes are held and who teaches them. */
type TeachingEstablishment = OwnedOrganization & { establishmentId: string; instructor: TestUser };
/** What a customer is enrolled in unless told otherwise. */
type EnrollableClass = OwnedOrganization & { scheduleId: string; planId: string };

type StaffOptions<Name extends string, EstablishmentName extends string> = {
  /** An existing user opens the organization: one owner of two organizations. */
  owner?: TestUser;
  organizationName?: string;
  /** The establishments, 'Centro' alone unless given; the instructor teaches at each. */
  establishmentNames?: EstablishmentName[];
  instructor?: { firstName?: string; lastName?: string };
  /** One new member per name: an organization role, or a role at the first establishment. */
  members?: Record<Name, OrgRole | EstablishmentRole>;
};

/**
 * The staff most server tests set up (issue #27 item 21), all through the API: an owner's organization, its
 * establishment with an instructor teaching there, and `members` by role (see `addMembers`).
 * `establishmentId` is the first establishment's; `establishments` has each one's id under its name.
 */
export async function createStaffedOrganization<
  Name extends string = never,
  EstablishmentName extends string = 'Centro',
>(t: TestApp, options: StaffOptions<Name, EstablishmentName> = {}) {
  const owner = options.owner ?? (await createUser(t));
  const organizationId = (await createOrganization(t, owner, options.organizationName)).id;
  const establishments = {} as Record<EstablishmentName, string>;
  for (const name of options.establishmentNames ?? ['Centro' as EstablishmentName])
    establishments[name] = (await createEstablishment(t, owner, organizationId, name)).id;
  const establishmentIds = Object.values<string>(establishments);
  const [establishmentId] = establishmentIds;
  if (!establishmentId) throw new Error('A studio needs an establishment');
  const teaching = establishmentIds.map((id) => ({ establishmentId: id, role: 'EST_INSTRUCTOR' }));
  const instructor = await addMember(
    t,
    owner,
    organizationId,
    { establishments: teaching },
    options.instructor,
  );
  const staffed = { owner, organizationId, establishmentId, establishments, instructor };
  const members = await addMembers(t, staffed, options.members ?? ({} as Record<Name, never>));
  return { ...staffed, members };
}

/** A staffed organization as a test keeps it; its members are read where it is created. */
export type StaffedOrganization = Awaited<ReturnType<typeof createStaffedOrganization<never>>>;

/**
 * New members of the organization, one per entry of `roles` and under its name: an organization role
 * (ORG_…), or a role at the studio's establishment (EST_…). One after the other, so ids follow the order given.
 */
export async function addMembers<Name extends string>(
  t: TestApp,
  studio: Omit<TeachingEstablishment, 'instructor'>,
  roles: Record<Name, OrgRole | EstablishmentRole>,
) {
  const members = {} as Record<Name, TestUser>;
  for (const [name, role] of Object.entries(roles) as [Name, OrgRole | EstablishmentRole][]) {
    const grant = OrgRole.safeParse(role).success
      ? { role }
      : { establishments: [{ establishmentId: studio.establishmentId, role }] };
    members[name] = await addMember(t, studio.owner, studio.organizationId, grant);
  }
  return members;
}

/**
 * The set-up most money and attendance tests share: a staffed organization (`createStaffedOrganization`'s
 * options) with a class customers can enroll in and a plan. `schedule` and `plan` override their fields
 * (factories' `scheduleBody` and `createPlan`).
 */
export async function createStudio<Name extends string = never, EstablishmentName extends string = 'Centro'>(
  t: TestApp,
  options: StaffOptions<Name, EstablishmentName> & {
    schedule?: Record<string, unknown>;
    plan?: Record<string, unknown>;
  } = {},
) {
  const staffed = await createStaffedOrganization(t, options);
  const schedule = await addSchedule(t, staffed, options.schedule);
  const plan = await createPlan(t, staffed.owner, staffed.organizationId, options.plan);
  return { ...staffed, scheduleId: schedule.id, planId: plan.id };
}

/** A studio as a test keeps it; its members are read where it is created. */
export type Studio = Awaited<ReturnType<typeof createStudio<never>>>;

/**
 * Another class of the studio, at its establishment and taught by its instructor; `overrides` change any of
 * scheduleBody's fields, those two included.
 */
export function addSchedule(
  t: TestApp,
  studio: TeachingEstablishment,
  overrides: Record<string, unknown> = {},
) {
  const body = scheduleBody(studio.establishmentId, studio.instructor.id, overrides);
  return createSchedule(t, studio.owner, studio.organizationId, body);
}

let customerNumber = 0;

/** A new customer of the studio: `fields` add or override theirs; each gets a distinct last name. */
export function addCustomer(t: TestApp, studio: OwnedOrganization, fields: Record<string, unknown> = {}) {
  customerNumber += 1;
  return createCustomer(t, studio.owner, studio.organizationId, {
    firstName: 'Cliente',
    lastName: `N${customerNumber}`,
    ...fields,
  });
}

type EnrollmentFields = { startDate: string; endDate?: string; planId?: string; scheduleId?: string };

/** Enrolls the customer in the studio's class on its plan, unless `enrollment` names others; the enrollment's id. */
export function enrollCustomer(
  t: TestApp,
  studio: EnrollableClass,
  customerId: string,
  enrollment: EnrollmentFields,
) {
  return createEnrollment(t, studio.owner, studio.organizationId, {
    ...enrollment,
    customerId,
    planId: enrollment.planId ?? studio.planId,
    scheduleId: enrollment.scheduleId ?? studio.scheduleId,
  });
}

/**
 * A new customer of the studio enrolled in its class: `customer` adds or overrides the customer's fields
 * (`addCustomer`), `enrollment` the enrollment's (`enrollCustomer`).
 */
export async function enrollNewCustomer(
  t: TestApp,
  studio: EnrollableClass,
  enrollment: EnrollmentFields,
  customer: Record<string, unknown> = {},
) {
  const { id: customerId } = await addCustomer(t, studio, customer);
  const enrollmentId = await enrollCustomer(t, studio, customerId, enrollment);
  return { customerId, enrollmentId };
}
