import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPixAutomaticoStudio } from '../../test/pix-automatico-studio.ts';

/**
 * The authorization sent to the customer (issue #31: "a QR and copy-paste code shown, sent by e-mail and WhatsApp
 * link, and shown in the portal"): the portal link staff send says the authorization waits under Payments, where
 * the portal shows its QR, as long as it waits — and no longer once the customer authorized.
 */
let setup: Awaited<ReturnType<typeof startPixAutomaticoStudio>>;

beforeAll(async () => {
  setup = await startPixAutomaticoStudio();
});
afterAll(() => setup.close());

const AUTHORIZATION_LINE = 'autorização do Pix Automático';

/** Sends the customer a portal link; answers the channels it went by and the newest message's words. */
async function sendPortalLink(customerId: string) {
  const orgPath = `/organizations/${setup.organizationId}/customers/${customerId}`;
  const sent = await setup.t.request('POST', `${orgPath}/class-link`, { token: setup.owner.token, body: {} });
  expect(sent.status, sent.text).toBe(201);
  const read = await setup.t.request('GET', `${orgPath}/event-messages`, { token: setup.owner.token });
  expect(read.status, read.text).toBe(200);
  const newest = (read.body.items as { kind: string; channel: string; body: string | null }[]).filter(
    (message) => message.kind === 'CLASS_LINK',
  );
  return {
    channels: (sent.body.messages as { channel: string }[]).map((message) => message.channel).sort(),
    words: newest[0]?.body ?? '',
    whatsAppLink: decodeURIComponent(
      (sent.body.messages as { channel: string; link: string | null }[]).find(
        (message) => message.channel === 'WHATSAPP',
      )?.link ?? '',
    ),
  };
}

describe('sending the Pix Automático authorization to the customer', () => {
  it('goes with the portal link, by e-mail and WhatsApp, while it waits and not after it is approved', async () => {
    const { customerId, enrollmentId } = await setup.enrolled('Autoriza', {
      phone: '11987654321',
      email: 'autoriza@example.com',
    });
    expect((await sendPortalLink(customerId)).words).not.toContain('Pix Automático');

    const { idRec } = await setup.start(enrollmentId);
    const whileWaiting = await sendPortalLink(customerId);
    expect(whileWaiting.channels).toEqual(['EMAIL', 'WHATSAPP']);
    expect(whileWaiting.words).toContain(AUTHORIZATION_LINE);
    expect(whileWaiting.whatsAppLink).toContain(AUTHORIZATION_LINE);

    setup.emulator.sandbox.approveRecurrence(idRec);
    await setup.emulator.sandbox.webhooksIdle();
    expect((await sendPortalLink(customerId)).words).not.toContain('Pix Automático');
  });
});
