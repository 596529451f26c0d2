// `npm run rotate-secrets-key`: see apps/server/src/cli/rotate-secrets-key.ts.
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/cli/rotate-secrets-key.ts');
