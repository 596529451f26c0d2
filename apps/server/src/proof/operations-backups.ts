import type { OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;
const installOwner = { tenant: 'installOwner' } as const;

/**
 * The install's backups (decision 036): a backup holds every organization, so only a user who owns every one
 * of them; the file name is not an object of a tenant.
 */
export const backupOperations: OperationTable = {
  // Any member; only the install's owner is ever warned.
  'GET /organizations/{orgId}/dashboard/backup-warning': { params: org, access: { tenant: 'member' } },
  'GET /organizations/{orgId}/backups': { params: org, access: installOwner },
  'POST /organizations/{orgId}/backups': { params: org, access: installOwner },
  'GET /organizations/{orgId}/backups/{fileName}': {
    params: { ...org, fileName: () => 'reformer-backup-2026-11-24T06-00-00.123Z-logical.rfb' },
    access: installOwner,
  },
};
