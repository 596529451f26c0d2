import {
  type ChurnRiskList,
  type ChurnRiskQuery,
  churnRiskPeriods,
  rankChurnRisks,
} from '@reformer/domain/churn-risk';
import { todayIn } from '@reformer/domain/time-zones';
import type { Database } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import * as repository from './churn-risk.repository.ts';

/**
 * The customers at risk of leaving (docs/decisions/022). The route has checked CHURN_RISK_ACTIONS at
 * organization scope. The database counts per customer; the domain's rule scores and ranks them — one row
 * per customer with a signal, so the page is cut here, after the ranking.
 */
export async function listChurnRisks(
  db: Database,
  access: OrgAccess,
  query: ChurnRiskQuery,
  now: Date,
): Promise<ChurnRiskList> {
  const { organizationId } = access;
  const today = todayIn(await organizationTimeZone(db, organizationId), now);
  const periods = churnRiskPeriods(today);
  const ranked = rankChurnRisks(await repository.listChurnRiskSignals(db, organizationId, today, periods));
  const first = (query.page - 1) * query.limit;
  return {
    today,
    periods,
    items: ranked.slice(first, first + query.limit),
    total: ranked.length,
    page: query.page,
    limit: query.limit,
  };
}
