/**
 * `promise`'s value, or a failure saying `what` did not happen in `ms`: a test whose writer would block on
 * another's lock fails with that reason instead of hanging until the suite's timeout.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let deadline: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    deadline = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(deadline);
  }
}
