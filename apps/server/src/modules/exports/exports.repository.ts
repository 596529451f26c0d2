import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customerPlans, customers, enrollments, payments, schedules } from '../../db/schema/index.ts';

/** The export's reads: every row of the organization, joined only within it. */

const customerName = { firstName: customers.firstName, lastName: customers.lastName };
const customerId = { idType: customers.idType, idNumber: customers.idNumber };

export function listPlans(db: Database, organizationId: string) {
  return db
    .select({
      name: customerPlans.name,
      description: customerPlans.description,
      priceCents: customerPlans.priceCents,
      currency: customerPlans.currency,
      billingCycle: customerPlans.billingCycle,
      weeklySessionsLimit: customerPlans.weeklySessionsLimit,
      features: customerPlans.features,
      isActive: customerPlans.isActive,
      createdAt: customerPlans.createdAt,
    })
    .from(customerPlans)
    .where(eq(customerPlans.organizationId, organizationId))
    .orderBy(asc(customerPlans.name), asc(customerPlans.id));
}

export function listEnrollments(db: Database, organizationId: string) {
  return db
    .select({
      ...customerName,
      ...customerId,
      plan: customerPlans.name,
      schedule: schedules.name,
      startDate: enrollments.startDate,
      endDate: enrollments.endDate,
      status: enrollments.status,
      pausedFrom: enrollments.pausedFrom,
      resumeOn: enrollments.resumeOn,
      canceledFrom: enrollments.canceledFrom,
      notes: enrollments.notes,
      createdAt: enrollments.createdAt,
    })
    .from(enrollments)
    .innerJoin(
      customers,
      and(eq(customers.organizationId, enrollments.organizationId), eq(customers.id, enrollments.customerId)),
    )
    .innerJoin(
      customerPlans,
      and(
        eq(customerPlans.organizationId, enrollments.organizationId),
        eq(customerPlans.id, enrollments.planId),
      ),
    )
    .innerJoin(
      schedules,
      and(eq(schedules.organizationId, enrollments.organizationId), eq(schedules.id, enrollments.scheduleId)),
    )
    .where(eq(enrollments.organizationId, organizationId))
    .orderBy(desc(enrollments.startDate), asc(enrollments.id));
}

export function listPayments(db: Database, organizationId: string) {
  return db
    .select({
      paidOn: payments.paidOn,
      ...customerName,
      ...customerId,
      plan: customerPlans.name,
      cycleStart: payments.cycleStart,
      cycleEnd: payments.cycleEnd,
      amountCents: payments.amountCents,
      currency: payments.currency,
      method: payments.method,
      status: payments.status,
      notes: payments.notes,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(
      customers,
      and(eq(customers.organizationId, payments.organizationId), eq(customers.id, payments.customerId)),
    )
    .innerJoin(
      customerPlans,
      and(eq(customerPlans.organizationId, payments.organizationId), eq(customerPlans.id, payments.planId)),
    )
    .where(eq(payments.organizationId, organizationId))
    .orderBy(desc(payments.paidOn), asc(payments.id));
}
