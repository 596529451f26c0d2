import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '@reformer/domain/errors';
import { type Action, can } from '@reformer/domain/permissions';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@reformer/domain/preferences';
import { createMiddleware } from 'hono/factory';
import { requireMembership, requirePermission } from '../../auth/access.ts';
import { actorOf } from '../../lib/audit.ts';
import { csvResponse } from '../../lib/csv-export.ts';
import { type AppEnv, createRouter } from '../../lib/http.ts';
import { noStore } from '../../lib/no-store.ts';
import { bearerSecurity, OrgIdParam, standardErrors } from '../../lib/openapi.ts';
import { type ExportKind, exportData } from './exports.service.ts';

const tags = ['Exports'];

/** Any one of `actions` at organization scope (payments: the customers' or the reports' export right). */
function requireAnyPermission(actions: readonly Action[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!actions.some((action) => can(c.get('access').profile, action, { scope: 'ORG' }))) {
      throw new AppError('FORBIDDEN');
    }
    await next();
  });
}

/**
 * Exporting copies data out of the system: EXPORT_CUSTOMERS (spec §6), and the right to see what is
 * exported, at organization scope since the file holds every establishment's rows. Payments are the
 * accountant's: their export also opens with EXPORT_REPORTS (decision 017).
 */
const NEEDS: Record<ExportKind, ReturnType<typeof requirePermission>[]> = {
  plans: [requirePermission('EXPORT_CUSTOMERS'), requirePermission('VIEW_CUSTOMER_PLANS')],
  enrollments: [requirePermission('EXPORT_CUSTOMERS'), requirePermission('VIEW_ENROLLMENTS')],
  payments: [
    requirePermission('VIEW_PAYMENTS'),
    requireAnyPermission(['EXPORT_CUSTOMERS', 'EXPORT_REPORTS']),
  ],
};

function exportRoute(kind: ExportKind) {
  return createRoute({
    method: 'get',
    path: `/organizations/{orgId}/exports/${kind}`,
    tags,
    security: bearerSecurity,
    // Customers' names and payments: no browser or proxy keeps the file, nor a refusal (issue #27).
    middleware: [noStore, requireMembership, ...NEEDS[kind]],
    summary: `Every ${kind.slice(0, -1)} of the organization as CSV (UTF-8 with BOM, formula-safe); audited`,
    request: {
      params: OrgIdParam,
      // Headers, values, dates and the separator follow the user's language.
      query: z.object({ language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE) }),
    },
    responses: {
      200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
      ...standardErrors,
    },
  });
}

const router = createRouter();
for (const kind of ['plans', 'enrollments', 'payments'] as const) {
  router.openapi(exportRoute(kind), async (c) => {
    const csv = await exportData(
      c.get('deps').db,
      c.get('access'),
      kind,
      c.req.valid('query').language,
      actorOf(c),
    );
    return csvResponse(c, csv, `${kind}.csv`);
  });
}
export const exportsRoutes = router;
