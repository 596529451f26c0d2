import type { RosterEntry } from '@reformer/domain/sessions';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '@/lib/person-name.ts';
import { useMakeUpCreditText } from '../make-up-credit-text.ts';
import { RosterCheckIn, RosterStatus, useRosterActions } from './roster-controls.tsx';

type RosterListProps = {
  organizationId: string;
  sessionId: string;
  timeZone: string;
  roster: RosterEntry[];
  canManage: boolean;
  canCheckIn: boolean;
};

/** The customers in the session: a table on wide screens, a card each on a phone. */
export function RosterList({
  organizationId,
  sessionId,
  timeZone,
  roster,
  canManage,
  canCheckIn,
}: RosterListProps) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const actions = useRosterActions(organizationId, sessionId);
  const creditText = useMakeUpCreditText();
  const sourceOf = (entry: RosterEntry) =>
    [
      t(`attendance.session.roster.sources.${entry.source}`),
      entry.reason && t(`attendance.reasons.${entry.reason}`),
      entry.purchase &&
        t(entry.purchase.isReturned ? 'purchases.roster.returned' : 'purchases.roster.spent', {
          plan: entry.purchase.planName,
          count: entry.purchase.classesLeft,
        }),
    ]
      .filter(Boolean)
      .join(' · ');

  const lastChange = actions.updateStatus.data?.makeUpCredit;
  const notice = lastChange && actions.updateStatus.variables && (
    <MakeUpCreditNotice
      text={creditText(lastChange, actions.updateStatus.variables.name)}
      isEarned={lastChange.outcome === 'EARNED'}
      onDismiss={() => actions.updateStatus.reset()}
    />
  );

  if (roster.length === 0) {
    return (
      <p className="rounded-box border border-dashed border-base-300 p-6 text-center">
        {t('attendance.session.roster.empty')}
      </p>
    );
  }
  const controls = (entry: RosterEntry) => ({
    status: <RosterStatus entry={entry} name={nameOf(entry)} actions={actions} canManage={canManage} />,
    checkIn: (
      <RosterCheckIn
        entry={entry}
        name={nameOf(entry)}
        actions={actions}
        canCheckIn={canCheckIn}
        timeZone={timeZone}
      />
    ),
  });

  return (
    <>
      {notice}
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 md:block">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('attendance.session.roster.columns.customer')}</th>
              <th scope="col">{t('attendance.session.roster.columns.status')}</th>
              <th scope="col">{t('attendance.session.roster.columns.source')}</th>
              <th scope="col">{t('attendance.session.roster.columns.checkIn')}</th>
            </tr>
          </thead>
          <tbody>
            {roster.map((entry) => (
              <tr key={entry.customerId}>
                <th scope="row" className="font-medium">
                  {nameOf(entry)}
                  {entry.notes && (
                    <span className="block text-xs font-normal text-base-content/70">{entry.notes}</span>
                  )}
                </th>
                <td>{controls(entry).status}</td>
                <td className="text-sm">{sourceOf(entry)}</td>
                <td>{controls(entry).checkIn}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 md:hidden">
        {roster.map((entry) => (
          <li key={entry.customerId} className="card border border-base-300 bg-base-100">
            <div className="card-body gap-2 p-4">
              <h3 className="font-semibold">{nameOf(entry)}</h3>
              <p className="text-sm text-base-content/70">{sourceOf(entry)}</p>
              {entry.notes && <p className="text-sm">{entry.notes}</p>}
              {controls(entry).status}
              {controls(entry).checkIn}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What the last status change did to the customer's make-up credit, kept on the page after its toast is gone
 * so staff can tell the customer at the desk.
 */
function MakeUpCreditNotice({
  text,
  isEarned,
  onDismiss,
}: {
  text: string;
  isEarned: boolean;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-testid="make-up-credit-notice"
      className={`alert ${isEarned ? 'alert-success' : 'alert-info'} flex flex-wrap justify-between`}
    >
      <span>{text}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDismiss}>
        {t('makeUpCredits.outcome.dismiss')}
      </button>
    </div>
  );
}
