/**
 * The customer portal's pages (decision 051): its home and a payment's receipt. The server answers them 200
 * (any other path under /portal 404, with the same shell); the portal's entry shows them. No zod here: the
 * portal's first screen imports it.
 */
export type PortalLocation = { page: 'home' } | { page: 'receipt'; paymentId: string };

/** The page at `path`, or null for a path under /portal that is none of them (or not under /portal). */
export function portalPageAt(path: string): PortalLocation | null {
  if (/^\/portal\/?$/.test(path)) return { page: 'home' };
  const receipt = path.match(/^\/portal\/receipts\/([^/]+)\/?$/);
  return receipt?.[1] ? { page: 'receipt', paymentId: decodeURIComponent(receipt[1]) } : null;
}
