import { type RecurrenceWebhookBody, recurrenceStateOf } from '@reformer/domain/pix-automatico';
import type { Database } from '../../db/client.ts';
import type { PixClient } from '../../integrations/pix/pix-client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { verifyWebhookCall } from '../pix-charges/pix-charges.service.ts';
import { openPspClient } from '../pix-charges/psp-client.ts';
import type { PixGateway } from '../pix-psp/pix-gateway.ts';
import * as repository from './pix-automatico.repository.ts';
import { applyRecurrenceState, type PspForRecurrence } from './recurrence-state.ts';

/**
 * The PSP's `webhookrec` callback on decision 030's path (`.../{organization}/{secret}/rec`): each notice moves
 * its recurrence forward only (domain `canMoveRecurrence`), in one conditional update, so a repeated, late or
 * reordered notice — or the same one on two instances — changes it once and never back. Notices carry no event
 * id: the recurrence and the state it reaches are the key. A notice of a recurrence we do not have is ignored.
 * An approval ends the recurrence it replaces (`applyRecurrenceState`).
 */
export async function receiveRecurrenceWebhook(
  deps: { db: Database; secretBox: SecretBox | null; gateway: PixGateway },
  organizationId: string,
  secret: string,
  recs: RecurrenceWebhookBody['recs'],
  now: Date,
): Promise<{ applied: number }> {
  await verifyWebhookCall(deps, organizationId, secret);
  const psp: PspForRecurrence = async (work) => {
    const { client, row } = await openPspClient(deps, organizationId);
    try {
      return await work({ organizationId, client, row });
    } finally {
      await client.close();
    }
  };
  let applied = 0;
  for (const notice of recs) {
    const to = recurrenceStateOf(notice.status, notice.encerramento?.cancelamento?.solicitante);
    if (!to) continue;
    const row = await repository.findRecurrenceByIdRec(deps.db, organizationId, notice.idRec);
    if (!row) continue;
    if (await applyRecurrenceState(deps.db, psp, row, to, now)) applied += 1;
  }
  return { applied };
}

/**
 * Our URL registered as the PSP's `webhookrec` and `webhookcobr` (the PSP posts to it + "/rec" or "/cobr"),
 * unless another system's is there: replacing that is the studio's decision, as for the Pix webhook (decision 030).
 */
export async function ensureRecurrenceWebhook(client: PixClient, url: string, ourPrefix: string) {
  for (const kind of ['rec', 'cobr'] as const) {
    const registered = await client.getRecurrenceWebhook(kind);
    if (registered?.webhookUrl === url) continue;
    if (registered && !registered.webhookUrl.startsWith(ourPrefix)) continue;
    await client.putRecurrenceWebhook(kind, url);
  }
}
