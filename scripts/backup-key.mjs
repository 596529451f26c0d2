// `npm run backup-key`: see apps/server/src/cli/backup-key.ts.
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/cli/backup-key.ts');
