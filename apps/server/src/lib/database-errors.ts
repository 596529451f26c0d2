/** PostgreSQL's SQLSTATE of a failed statement (Drizzle wraps the driver's error in `cause`), if any. */
export function databaseErrorCode(error: unknown): string | undefined {
  const candidate = (error as { cause?: unknown } | null)?.cause ?? error;
  const code = (candidate as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * SQLSTATEs of a server that is going away or not yet back: class 08 (connection exception), and 57P01–03
 * (shut down by an administrator or a crash, still starting or recovering).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123])$/;
const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
// pg reports a socket that closed under it, or a client already broken by that, only in these words.
const LOST_CONNECTION = /Connection terminated|not queryable|timeout exceeded when trying to connect/;

/**
 * Whether a failure says the database could not be reached, rather than that the request was wrong: the
 * answer is then 503, and the same request can succeed once PostgreSQL is back (decision 033).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNREACHABLE_SOCKET.has(code)))
      return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    current = cause;
  }
  return false;
}
