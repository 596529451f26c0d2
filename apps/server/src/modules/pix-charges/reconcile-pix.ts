import { RECONCILIATION } from '@reformer/domain/pix-charges';
import * as repository from './pix-charges.repository.ts';
import { forEachConnectedOrganization, type PixJobDeps } from './pix-charges-job.ts';
import { followOpenRefunds } from './pix-refunds.ts';
import { recordReceivedPix } from './received-pix.ts';

const MINUTE = 60_000;

/**
 * Reads `GET /pix` from where the last run got to (less an overlap, for a Pix the PSP lists late) up to now,
 * and records every Pix as the webhook would (decision 030): a webhook that never came — our downtime, the PSP's
 * outage, a dropped delivery — still ends in a paid cycle, and one that did come counts once. The mark moves only
 * when every page was read. Then the refunds on their way are followed.
 */
export async function reconcilePix(deps: PixJobDeps, now: Date): Promise<number> {
  let recorded = 0;
  await forEachConnectedOrganization(deps, async (organizationId, client, row) => {
    const start = row.reconciledUntil
      ? new Date(row.reconciledUntil.getTime() - RECONCILIATION.overlapMinutes * MINUTE)
      : new Date(now.getTime() - RECONCILIATION.firstLookBackDays * 24 * 60 * MINUTE);
    for await (const pix of client.listReceivedPix({ start, end: now })) {
      const outcome = await recordReceivedPix(deps.db, organizationId, pix, 'RECONCILIATION', now);
      if (outcome === 'PAID') recorded += 1;
    }
    await repository.setReconciledUntil(deps.db, organizationId, now);
    await followOpenRefunds(deps.db, client, organizationId, now);
  });
  return recorded;
}
