import { expect } from 'vitest';
import type { PortalClient } from '../modules/portal/portal-client.ts';

/**
 * The roster customer changes their profile (a row of the history) and subscribes to their calendar feed
 * (a live feed) through the portal session the class link opened (decision 046).
 */
export async function seedPortalProfile(customer: PortalClient) {
  const profile = await customer.request('GET', '/profile');
  expect(profile.status, profile.text).toBe(200);
  const saved = await customer.request('PUT', '/profile', { ...profile.body, city: 'Campinas' });
  expect(saved.status, saved.text).toBe(200);
  const feed = await customer.request('PUT', '/calendar-feed');
  expect(feed.status, feed.text).toBe(200);
}
