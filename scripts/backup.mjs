// `npm run backup [-- --out <folder>]`: see apps/server/src/cli/backup.ts.
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/cli/backup.ts');
