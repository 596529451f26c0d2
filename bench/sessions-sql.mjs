// The SQL of `GET /api/organizations/{orgId}/sessions`, taken from the server's own code (server-statements.mjs):
// the membership check and the list (apps/server/src/modules/sessions/sessions.service.ts →
// sessions.repository.ts, the named statements `sessions_list_<shape>`). The query parameters go through the domain's
// SessionListQuery as the route validates them, and the month/week ranges come from the web's own
// calendar-range.ts. bench/sessions.mjs runs these recorded statements as the raw SQL and checks them against
// what the server actually sends and, every round, against what the endpoint answers.
import { orgReadStatements } from './server-statements.mjs';

const service = await import('../apps/server/src/modules/sessions/sessions.service.ts');
const { SessionListQuery } = await import('@reformer/domain/sessions');
const { visibleRange } = await import('../apps/web/src/features/attendance/calendar-range.ts');
export const calendarDates = await import('@reformer/domain/calendar-dates');

export { visibleRange };

/** The statements one list request sends, in order: the membership check, then the list. */
export function sessionListStatements({ query, ...caller }) {
  return orgReadStatements(caller, (db, access) =>
    service.listSessions(db, access, SessionListQuery.parse(query), new Date()),
  );
}
