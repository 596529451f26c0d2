// Kept apart from the settings components: the route's search validation needs only this list, and
// importing it must not pull the settings screens into the app's first bundle.
/**
 * The tabs of organization settings (spec §2: general, import, export, staff, client plans), payments (the
 * PIX key) and make-up credits (issue #18), the contract's versions (issue #29) and WhatsApp messages (issue #32). Each shows only to members who may use it.
 */
export const SETTINGS_TABS = [
  'general',
  'payments',
  'makeUpCredits',
  'healthQuestionnaire',
  'contract',
  'messages',
  'import',
  'export',
  'staff',
  'clientPlans',
  'studioPage',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
/** Staff has its own page: its tab leads there instead of opening a panel here. */
export type SettingsPanel = Exclude<SettingsTab, 'staff'>;
