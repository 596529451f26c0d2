/** One language's part of the catalog, as the customer portal uses it (vite.config.ts `catalogCuts`). */
declare module 'virtual:portal-catalog/*' {
  const catalog: Record<string, unknown>;
  export default catalog;
}
