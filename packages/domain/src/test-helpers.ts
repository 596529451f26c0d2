/** A failed parse as "path:message" lines, e.g. 'endTime:validation.endTimeAfterStart', for tests to compare. */
export function issueKeys(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): string[] {
  return result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];
}

/** A calendar with weekends only: for rules whose tests do not hinge on a bank holiday. */
export const noHolidays = (_date: string) => false;
