import { expect } from 'vitest';
import { createSchedule, scheduleBody, type TestUser } from '../test/factories.ts';
import type { TestApp } from '../test/test-app.ts';
import { addToSession, dateFromToday } from './seed-objects.ts';

type Place = { orgId: string; mark: string; establishmentId: string; staffUserId: string };
type People = { waiting: string; seated: string };

/**
 * A one-seat class whose seat `seated` held; `waiting` joined its waitlist, was offered the seat when
 * `seated` canceled, and declined it through the public link (decision 024). A declined offer answers the
 * same to every caller and writes nothing, so the public operations can be called by anyone with its token.
 */
export async function seedWaitlist(t: TestApp, owner: TestUser, place: Place, people: People) {
  const date = dateFromToday(31);
  const schedule = await createSchedule(
    t,
    owner,
    place.orgId,
    scheduleBody(place.establishmentId, place.staffUserId, {
      name: `Waitlisted ${place.mark}`,
      capacity: 1,
      recurrenceType: 'SINGLE',
      startDate: date,
      endDate: date,
    }),
  );
  const orgPath = `/organizations/${place.orgId}`;
  const query = new URLSearchParams({ from: date, to: date, scheduleId: schedule.id });
  const sessions = await t.request('GET', `${orgPath}/sessions?${query}`, { token: owner.token });
  const sessionId = sessions.body.items[0]?.id as string;
  await addToSession(t, owner, place.orgId, sessionId, people.seated);
  const joined = await t.request('POST', `${orgPath}/sessions/${sessionId}/waitlist`, {
    token: owner.token,
    body: { customerIds: [people.waiting] },
  });
  expect(joined.status, joined.text).toBe(201);
  const canceled = await t.request('PUT', `${orgPath}/sessions/${sessionId}/attendance/${people.seated}`, {
    token: owner.token,
    body: { status: 'CANCELED' },
  });
  expect(canceled.status, canceled.text).toBe(200);
  const messages = await t.request('GET', `${orgPath}/customers/${people.waiting}/event-messages`, {
    token: owner.token,
  });
  const offer = (messages.body.items as { kind: string; body: string | null }[]).find(
    (message) => message.kind === 'WAITLIST_OFFER',
  );
  const token = offer?.body?.match(/\/waitlist-offers\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
  const declined = await t.request('POST', `/waitlist-offers/${token}/decline`);
  expect(declined.status, declined.text).toBe(200);
  return {
    waitlistSession: sessionId,
    waitlistEntry: joined.body.items[0]?.id as string,
    waitlistOfferToken: token,
  };
}
