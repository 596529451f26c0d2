// Kept apart from the details screen so the route's search validation does not pull it into the first bundle.
/** Spec §2's five tabs, and the messages events sent (issue #13). */
export const CUSTOMER_DETAIL_TABS = [
  'profile',
  'registration',
  'enrollments',
  'payments',
  'medicalRecords',
  'messages',
] as const;
export type CustomerDetailTab = (typeof CUSTOMER_DETAIL_TABS)[number];
