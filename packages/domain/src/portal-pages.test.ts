import { describe, expect, it } from 'vitest';
import { portalPageAt } from './portal-pages.ts';

describe("the portal's pages", () => {
  it('are its home and a receipt, with or without a trailing slash', () => {
    expect(portalPageAt('/portal')).toEqual({ page: 'home' });
    expect(portalPageAt('/portal/')).toEqual({ page: 'home' });
    expect(portalPageAt('/portal/receipts/abc%20d')).toEqual({ page: 'receipt', paymentId: 'abc d' });
  });

  it('are nothing else', () => {
    for (const path of ['/portal/settings', '/portal/receipts/', '/portal/receipts/a/b', '/portals', '/'])
      expect(portalPageAt(path), path).toBeNull();
  });
});
