export * from './auth.ts';
export * from './organizations.ts';
