import type { Action } from '@reformer/domain/permissions';
import type { TranslationKey } from '@/lib/i18n-keys.ts';

/** Features not built yet; their entries lead to the "under development" page. */
export const UPCOMING_FEATURES = [] as const;
export type UpcomingFeature = (typeof UPCOMING_FEATURES)[number];

/** The action that opens each section (spec §6); hidden when the access profile does not have it. */
export const UPCOMING_ENTRIES: { feature: UpcomingFeature; label: TranslationKey; action: Action }[] = [];
