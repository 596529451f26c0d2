// Kept apart from the details screen so the route's search validation does not pull it into the first bundle.
/** Spec §2 lists five tabs; medical records joins as its feature lands. */
export const CUSTOMER_DETAIL_TABS = ['profile', 'registration', 'enrollments', 'payments'] as const;
export type CustomerDetailTab = (typeof CUSTOMER_DETAIL_TABS)[number];
