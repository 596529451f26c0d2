import { type AccessProfile, can, canAny } from '@reformer/domain/permissions';
import { SESSION_PAGE_ACTIONS } from '@reformer/domain/sessions';

/**
 * The attendance page: the session list needs VIEW_SCHEDULES, and a session is worth listing only to
 * someone who may open it. Shared by the navigation (hide) and the route (block).
 */
export function canOpenAttendance(profile: AccessProfile): boolean {
  return canAny(profile, 'VIEW_SCHEDULES') && SESSION_PAGE_ACTIONS.some((action) => canAny(profile, action));
}

/** May the user open the sessions of this establishment? (The server answers 404 otherwise.) */
export function canOpenSessionAt(profile: AccessProfile, establishmentId: string): boolean {
  return SESSION_PAGE_ACTIONS.some((action) =>
    can(profile, action, { scope: 'ESTABLISHMENT', establishmentId }),
  );
}
