// The server exactly as scripts/start.mjs runs it after its web-build check (tsx, then main.ts). The bench
// scripts fall back to this, and say so, only when the web app cannot be built: start.mjs would exit then.
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
