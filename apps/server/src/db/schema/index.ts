export * from './auth.ts';
export * from './customers.ts';
export * from './enrollments.ts';
export * from './idempotency.ts';
export * from './invitations.ts';
export * from './organizations.ts';
export * from './schedules.ts';
export * from './sessions.ts';
