const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path or body id that cannot be a row's id is answered as not found, never sent to PostgreSQL. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
