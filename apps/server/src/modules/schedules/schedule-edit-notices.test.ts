import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDeliveries, eventMessages } from '../../db/schema/index.ts';
import { scheduleBody } from '../../test/factories.ts';
import { addCustomer, addSchedule, createStudio, enrollCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * An edit that regenerates a schedule's sessions tells their rosters (decision 053, with decision 050's
 * occasion rules): a session of the coming week whose date stays is moved to its new time, one whose date
 * goes is cancelled; the later ones are left to the calendar; an edit that keeps the times tells no one.
 */

// Friday 5 March 2027, 09:00 in São Paulo (UTC−3). The class runs Mondays and Wednesdays at 07:00.
const FRIDAY = new Date('2027-03-05T12:00:00Z');
let t: TestApp;
let studio: Studio;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(FRIDAY);
  studio = await createStudio(t, { organizationName: 'Studio Aviso' });
}, 120_000);
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${studio.organizationId}${suffix}`;

async function sessionIdOn(scheduleId: string, date: string): Promise<string> {
  const listed = await t.request(
    'GET',
    orgPath(`/sessions?from=${date}&to=${date}&scheduleId=${scheduleId}`),
    {
      token: studio.owner.token,
    },
  );
  return listed.body.items[0]?.id;
}

async function noticesAbout(sessionId: string) {
  return t.db
    .select({
      customerId: eventMessages.customerId,
      channel: eventMessages.channel,
      body: eventMessages.body,
    })
    .from(eventMessages)
    .innerJoin(
      eventDeliveries,
      and(
        eq(eventDeliveries.organizationId, eventMessages.organizationId),
        eq(eventDeliveries.id, eventMessages.deliveryId),
      ),
    )
    .where(
      and(
        eq(eventMessages.organizationId, studio.organizationId),
        eq(eventMessages.kind, 'CLASS_CHANGED'),
        like(eventDeliveries.occasion, `changed:${sessionId}:%`),
      ),
    );
}

async function edit(scheduleId: string, overrides: Record<string, unknown>) {
  const body = scheduleBody(studio.establishmentId, studio.instructor.id, {
    name: 'Reformer Manhã',
    ...overrides,
  });
  const saved = await t.request('PUT', orgPath(`/schedules/${scheduleId}`), {
    token: studio.owner.token,
    body,
  });
  expect(saved.status, saved.text).toBe(200);
}

describe('notices of a schedule edit', () => {
  it('moves the coming week’s sessions that keep their date, cancels those whose date goes, and leaves the rest', async () => {
    const schedule = await addSchedule(t, studio, { name: 'Reformer Manhã' });
    const ana = await addCustomer(t, studio, { firstName: 'Ana', email: 'ana.edit@example.com' });
    await enrollCustomer(t, studio, ana.id, { startDate: '2027-03-01', scheduleId: schedule.id });
    const monday = await sessionIdOn(schedule.id, '2027-03-08');
    const wednesday = await sessionIdOn(schedule.id, '2027-03-10');
    const nextMonday = await sessionIdOn(schedule.id, '2027-03-15');

    // Same times again: nothing is regenerated, nobody is told.
    await edit(schedule.id, {});
    expect(await noticesAbout(monday)).toEqual([]);

    await edit(schedule.id, { startTime: '08:00', endTime: '09:00', daysOfWeek: [1] });
    const moved = await noticesAbout(monday);
    expect(moved.map((notice) => [notice.customerId, notice.channel])).toEqual([[ana.id, 'EMAIL']]);
    expect(moved[0]?.body).toContain(
      'era segunda-feira, 08/03, às 07:00, e agora é segunda-feira, 08/03, às 08:00',
    );
    const cancelled = await noticesAbout(wednesday);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.body).toContain('quarta-feira, 10/03, às 07:00, foi cancelada');
    expect(await noticesAbout(nextMonday)).toEqual([]);
    // The new Monday is there at the new time; Wednesday is gone.
    expect(await sessionIdOn(schedule.id, '2027-03-08')).not.toBe(monday);
    expect(await sessionIdOn(schedule.id, '2027-03-10')).toBeUndefined();
  });

  it('tells the coming week’s rosters of a cancellation when the edit also deactivates the schedule', async () => {
    const schedule = await addSchedule(t, studio, { name: 'Reformer Manhã' });
    const bia = await addCustomer(t, studio, { firstName: 'Bia', email: 'bia.edit@example.com' });
    await enrollCustomer(t, studio, bia.id, { startDate: '2027-03-01', scheduleId: schedule.id });
    const monday = await sessionIdOn(schedule.id, '2027-03-08');
    await edit(schedule.id, { startTime: '18:00', endTime: '19:00', isActive: false });
    const notices = await noticesAbout(monday);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('segunda-feira, 08/03, às 07:00, foi cancelada');
  });
});
