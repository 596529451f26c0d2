/**
 * One language's part of the catalog, as the public pages use it (vite.config.ts `catalogCuts`): the
 * full catalogs would triple what a visitor downloads.
 */
declare module 'virtual:public-catalog/*' {
  const catalog: Record<string, unknown>;
  export default catalog;
}
