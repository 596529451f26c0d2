// Kept apart from the details screen so the route's search validation does not pull it into the first bundle.
/** Spec §2's five tabs, the messages events sent (issue #13) the make-up credits (issue #18) and the contract and consents (issue #29). */
export const CUSTOMER_DETAIL_TABS = [
  'profile',
  'registration',
  'enrollments',
  'payments',
  'makeUpCredits',
  'contract',
  'medicalRecords',
  'messages',
] as const;
export type CustomerDetailTab = (typeof CUSTOMER_DETAIL_TABS)[number];
