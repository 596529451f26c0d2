// `npm run reset-password-link -- <e-mail>`: see apps/server/src/cli/reset-password-link.ts.
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/cli/reset-password-link.ts');
