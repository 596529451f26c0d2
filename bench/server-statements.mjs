// The SQL one request under /organizations/{orgId} sends, taken from the server's own code: the membership
// check (apps/server/src/auth/access.ts, `loadMembership`, the named statement `load_membership`) and then
// whatever the route's service sends, run — through tsx, as the server runs them — on a Drizzle database
// configured like apps/server/src/db/client.ts (`casing: 'snake_case'`, the same schema) whose driver only
// RECORDS what it is asked to send: name, text, values, row mode and type parsers, in the order the request
// sends them. The benches run these recorded statements as the raw SQL (on a connection with
// plan_cache_mode=force_custom_plan, as client.ts sets) and check them against what the server actually sends
// (a counting proxy on the wire, lib.mjs) and against what the endpoint answers. Importing this module
// registers tsx, so the importer can load the server's TypeScript after it.
import { register } from 'tsx/esm/api';

register();
const { drizzle } = await import('drizzle-orm/node-postgres');
const schema = await import('../apps/server/src/db/schema/index.ts');
const { loadMembership } = await import('../apps/server/src/auth/access.ts');
const { buildAccessProfile } = await import('@reformer/domain/permissions');

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
 * The statements one read sends, in order: the membership check, then what `read(db, access)` sends (a
 * service function of the route). `orgRole` is the caller's organization role; the benches call as the
 * owner (every establishment).
 */
export async function orgReadStatements({ organizationId, userId, sessionId, orgRole }, read) {
  recorded = [];
  await loadMembership(db, organizationId, { userId, sessionId });
  const membership = { orgRole, establishmentRoles: [] };
  const access = { organizationId, membership, profile: buildAccessProfile(userId, membership) };
  await read(db, access);
  const statements = recorded;
  recorded = [];
  return statements;
}
