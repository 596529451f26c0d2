// `npm run send-due-events`: see apps/server/src/cli/send-due-events.ts.
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/cli/send-due-events.ts');
