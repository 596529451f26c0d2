// `npm run restore -- <file> --key <private key file> …`: see apps/server/src/cli/restore.ts.
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/cli/restore.ts');
