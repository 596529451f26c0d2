import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import {
  BACKUP_FILE_NAME,
  BackupRun,
  BackupStatus,
  BackupWarning,
  backupWarning,
  mayManageBackups,
} from '@reformer/domain/backups';
import { AppError } from '@reformer/domain/errors';
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { loadOrgAccess } from '../../auth/access.ts';
import {
  backupFilesIn,
  backupSettings,
  backupStatus,
  backupsConfigured,
  lastSuccessfulBackupAt,
  startBackup,
  toBackupRun,
} from '../../backups/backup-runs.ts';
import type { Database } from '../../db/client.ts';
import { memberships, organizations } from '../../db/schema/index.ts';
import { type AppEnv, createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';

/** Whether the user owns every organization of the install: who may see and make its backups (decision 036). */
export async function ownsEveryOrganization(db: Database, userId: string): Promise<boolean> {
  const [install, roles] = await Promise.all([
    db.select({ id: organizations.id }).from(organizations),
    db
      .select({ organizationId: memberships.organizationId, orgRole: memberships.role })
      .from(memberships)
      .where(eq(memberships.userId, userId)),
  ]);
  return mayManageBackups(
    roles,
    install.map((organization) => organization.id),
  );
}

/**
 * Settings → Backups (decision 036). A backup holds every organization of the install, so these routes are
 * for a user who owns every one of them: 404 for a non-member as everywhere, 403 for a member who does not.
 * Not under the organization's row-level-security transaction: the rule reads every organization's
 * memberships, and a backup must not run inside a request's transaction.
 */
const requireInstallOwner = createMiddleware<AppEnv>(async (c, next) => {
  const { db } = c.get('deps');
  const userId = c.get('userId');
  const sessionId = c.get('sessionId');
  const access = await loadOrgAccess(db, c.req.param('orgId') ?? '', { userId, sessionId });
  if (!(await ownsEveryOrganization(db, userId))) throw new AppError('FORBIDDEN');
  c.set('access', access);
  await next();
});

/**
 * For a route any member may call that answers the install's owner more: 404 for a non-member only, and
 * on the connecting user's pool, which sees every organization's memberships.
 */
const requireMemberOutsideTransaction = createMiddleware<AppEnv>(async (c, next) => {
  const userId = c.get('userId');
  const sessionId = c.get('sessionId');
  c.set('access', await loadOrgAccess(c.get('deps').db, c.req.param('orgId') ?? '', { userId, sessionId }));
  await next();
});

const tags = ['Backups'];
const path = '/organizations/{orgId}/backups';
const middleware = [requireInstallOwner];
const ownersOnly = errorResponse('FORBIDDEN: only a user who owns every organization of the install');

const status = createRoute({
  method: 'get',
  path,
  tags,
  security: bearerSecurity,
  middleware,
  summary: "The install's backups: the last runs, the schedule, the folder, and whether a key is configured",
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(BackupStatus, 'The backups'), ...standardErrors, 403: ownersOnly },
});

const backUpNow = createRoute({
  method: 'post',
  path,
  tags,
  security: bearerSecurity,
  middleware,
  summary: 'Back up now: starts a backup, or answers the one already running',
  request: { params: OrgIdParam },
  responses: {
    202: jsonResponse(BackupRun, 'The run, running'),
    ...standardErrors,
    403: ownersOnly,
    409: errorResponse('BACKUPS_NOT_CONFIGURED: the server has no backup public key'),
  },
});

const FileParam = OrgIdParam.extend({
  fileName: z.string().openapi({
    param: { name: 'fileName', in: 'path' },
    example: 'reformer-backup-2026-11-24T06-00-00.123Z-logical.rfb',
  }),
});

const download = createRoute({
  method: 'get',
  path: `${path}/{fileName}`,
  tags,
  security: bearerSecurity,
  middleware,
  summary: 'One backup file of the backup folder, as it is (encrypted for the backup key)',
  request: { params: FileParam },
  responses: {
    200: {
      description: 'The file',
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...standardErrors,
    403: ownersOnly,
    404: errorResponse('BACKUP_FILE_NOT_FOUND'),
  },
});

const warning = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/dashboard/backup-warning',
  tags: ['Dashboard'],
  security: bearerSecurity,
  // Any member may ask; only the install's owner is ever warned, the others get null.
  middleware: [requireMemberOutsideTransaction],
  summary:
    "The dashboard's backup warning for the install's owner: no key, no backup yet, or the last older than 26 hours",
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(BackupWarning, 'The warning, or null'), ...standardErrors },
});

export const backupsRoutes = createRouter()
  .openapi(warning, async (c) => {
    const { db, env, now } = c.get('deps');
    if (!(await ownsEveryOrganization(db, c.get('userId'))))
      return c.json({ warning: null, lastSuccessAt: null }, 200);
    const lastSuccessAt = await lastSuccessfulBackupAt(db);
    return c.json(
      {
        warning: backupWarning(backupsConfigured(env), lastSuccessAt, now()),
        lastSuccessAt: lastSuccessAt?.toISOString() ?? null,
      },
      200,
    );
  })
  .openapi(status, async (c) => {
    const { db, env } = c.get('deps');
    return c.json(await backupStatus(db, env), 200);
  })
  .openapi(backUpNow, async (c) => {
    const { db, env } = c.get('deps');
    // Answers at once, the run going on (its `finished` records it and never rejects): the screen polls
    // the status until the run is recorded.
    const started = await startBackup(db, env, 'manual', { requestedBy: c.get('userId') });
    if (started.outcome !== 'started' && started.outcome !== 'running')
      throw new AppError('BACKUPS_NOT_CONFIGURED');
    return c.json(toBackupRun(started.run, new Set()), 202);
  })
  .openapi(download, async (c) => {
    const { fileName } = c.req.valid('param');
    const { folder } = backupSettings(c.get('deps').env);
    // Only a name as backups are written, and only one that is in the folder now: never a path.
    if (!BACKUP_FILE_NAME.test(fileName) || !(await backupFilesIn(folder)).includes(fileName))
      throw new AppError('BACKUP_FILE_NOT_FOUND');
    const file = join(folder, fileName);
    const { size } = await stat(file);
    const stream = Readable.toWeb(createReadStream(file)) as ReadableStream;
    return c.body(stream, 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(size),
      'Content-Disposition': `attachment; filename="${fileName}"`,
    }) as never;
  });
