// The SQL of `GET /api/organizations/{orgId}/sessions`, taken from the server's own code: the membership check
// (apps/server/src/auth/access.ts, `loadMembership`, the named statement `load_membership`) and the list
// (apps/server/src/modules/sessions/sessions.service.ts → sessions.repository.ts, the named statement
// `sessions_list`), run — through tsx, as the server runs them — on a Drizzle database configured like
// apps/server/src/db/client.ts (`casing: 'snake_case'`, the same schema) whose driver only RECORDS what it is
// asked to send: name, text, values, row mode and type parsers, in the order the request sends them. The
// query parameters go through the domain's SessionListQuery as the route validates them, and the month/week
// ranges come from the web's own calendar-range.ts. bench/sessions.mjs runs these recorded statements as the
// raw SQL (with plan_cache_mode=force_custom_plan, as client.ts sets) and checks them against what the server
// actually sends (a counting proxy on the wire) and, every round, against what the endpoint answers.
import { register } from 'tsx/esm/api';

register();
const { drizzle } = await import('drizzle-orm/node-postgres');
const schema = await import('../apps/server/src/db/schema/index.ts');
const { loadMembership } = await import('../apps/server/src/auth/access.ts');
const service = await import('../apps/server/src/modules/sessions/sessions.service.ts');
const { buildAccessProfile } = await import('@reformer/domain/permissions');
const { SessionListQuery } = await import('@reformer/domain/sessions');
const { visibleRange } = await import('../apps/web/src/features/attendance/calendar-range.ts');
export const calendarDates = await import('@reformer/domain/calendar-dates');

export { visibleRange };

let recorded = [];
const recorder = {
  query: async (config, values) => {
    recorded.push({
      name: config.name,
      text: config.text,
      rowMode: config.rowMode,
      types: config.types,
      values: values ?? [],
    });
    return { rows: [], fields: [], rowCount: 0, command: 'SELECT' };
  },
};
// One database, so the server's preparedStatement cache (per database) builds each statement once, as it does.
const db = drizzle(recorder, { schema, casing: 'snake_case' });

/**
 * The statements one list request sends, in order: the membership check, then the list. `orgRole` is the
 * caller's organization role (the bench calls as the owner: every establishment, `establishmentIds` null).
 */
export async function sessionListStatements({ organizationId, userId, sessionId, orgRole, query }) {
  recorded = [];
  await loadMembership(db, organizationId, { userId, sessionId });
  const membership = { orgRole, establishmentRoles: [] };
  const access = { organizationId, membership, profile: buildAccessProfile(userId, membership) };
  await service.listSessions(db, access, SessionListQuery.parse(query));
  const statements = recorded;
  recorded = [];
  return statements;
}
