// The customer search's SQL as apps/server/src/modules/customers/customers.repository.ts first sent it
// through Drizzle: its page and its count(*), under the statement names it used (named prepared statements)
// and, like apps/server/src/db/client.ts, for a connection with plan_cache_mode=force_custom_plan (page 1, no
// status filter) — the yardstick issue 4 set. The server has since moved on: it reads the customers through
// the customers_in_organization view (decision 019), carries the count with the page (decision 018), and sends
// a search whose every word the trigram index narrows as one statement planned once (decision 007, amended);
// bench/customer-search.mjs checks every round that the endpoint still returns the same ids and total as these
// statements. Used there (the raw SQL) and by bench/hello-server.mjs (the bare endpoint). The words come from
// the domain's own searchWords (loaded through tsx, as the server is), so the benchmark cannot drift from the
// rule the API applies.
import { register } from 'tsx/esm/api';

register();
const { searchWords } = await import('@reformer/domain/customers');

const SELECTED =
  '"id", "first_name", "last_name", "date_of_birth", "gender", "country", "id_type", "id_number", "email", ' +
  '"phone", "is_whatsapp", "address", "number", "apartment", "neighborhood", "city", "state", "zip_code", ' +
  '"profession", "emergency_contact_name", "emergency_contact_phone", "notes", "status", "created_at", ' +
  '"updated_at"';

const escapeLike = (word) => word.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The page query and the count(*) of one search, page 1. */
export function rawQueries(organizationId, search, limit) {
  const words = searchWords(search);
  const likes = words.map((_, i) => ` and "customers"."search_text" like $${i + 4}`).join('');
  const where = `("customers"."organization_id" = $1 and "customers"."status" not in ($2, $3)${likes})`;
  const params = [organizationId, 'DELETED', 'PURGED', ...words.map((word) => `%${escapeLike(word)}%`)];
  const shape = `${words.length}w`;
  return {
    list: {
      name: `customers_page_${shape}`,
      text:
        `select ${SELECTED} from "customers" where ${where} ` +
        `order by "customers"."sort_name" collate "C", "customers"."id" asc ` +
        `limit $${params.length + 1} offset $${params.length + 2}`,
      values: [...params, limit, 0],
    },
    count: {
      name: `customers_total_${shape}`,
      text: `select count(*) from "customers" where ${where}`,
      values: params,
    },
  };
}
