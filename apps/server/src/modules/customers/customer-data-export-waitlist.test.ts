import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCustomer, type TestUser } from '../../test/factories.ts';
import { addSchedule, createStaffedOrganization, type StaffedOrganization } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A waitlist offer (decision 024) is a message sent to the customer like a birthday message: their personal-data
 * export (decision 021) lists it with its text, through the real routes.
 */

let t: TestApp;
let studio: StaffedOrganization;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2027-02-15T12:00:00Z'));
  studio = await createStaffedOrganization(t);
  ({ owner, organizationId } = studio);
});
afterAll(() => t.close());

async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const response = await t.request(method, `/organizations/${organizationId}${path}`, {
    token: owner.token,
    body,
  });
  expect(response.status, response.text).toBeLessThan(300);
  return response.body;
}

it('lists the waitlist offers sent to the customer among their messages', async () => {
  const schedule = await addSchedule(t, studio, {
    name: 'Reformer',
    capacity: 1,
    recurrenceType: 'SINGLE',
    startDate: '2027-03-10',
    endDate: '2027-03-10',
  });
  const sessions = await call('GET', `/sessions?from=2027-03-10&to=2027-03-10&scheduleId=${schedule.id}`);
  const sessionId = sessions.items[0].id as string;
  const [seated, waiting] = await Promise.all(
    ['Ana', 'Bia'].map((firstName) =>
      createCustomer(t, owner, organizationId, {
        firstName,
        lastName: 'Espera',
        email: `${firstName.toLowerCase()}@example.com`,
        phone: '+5511987654321',
      }),
    ),
  );
  await call('POST', `/sessions/${sessionId}/customers`, { customerIds: [seated?.id], reason: 'OTHER' });
  await call('POST', `/sessions/${sessionId}/waitlist`, { customerIds: [waiting?.id] });
  await call('PUT', `/sessions/${sessionId}/attendance/${seated?.id}`, { status: 'CANCELED' });

  const data = await call('GET', `/customers/${waiting?.id}/data-export`);
  expect(data.messages).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        kind: 'WAITLIST_OFFER',
        channel: 'EMAIL',
        body: expect.stringContaining('/waitlist-offers/'),
      }),
      expect.objectContaining({ kind: 'WAITLIST_OFFER', channel: 'WHATSAPP' }),
    ]),
  );
  const seatedData = await call('GET', `/customers/${seated?.id}/data-export`);
  expect(seatedData.messages).toEqual([]);
});
