/** PostgreSQL's SQLSTATE of a failed statement (Drizzle wraps the driver's error in `cause`), if any. */
export function databaseErrorCode(error: unknown): string | undefined {
  const candidate = (error as { cause?: unknown } | null)?.cause ?? error;
  const code = (candidate as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
