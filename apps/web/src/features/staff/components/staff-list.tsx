import type { Establishment } from '@reformer/domain/establishments';
import { ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import type { StaffMember } from '@reformer/domain/staff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { useFormatDate } from '@/lib/format.ts';
import { EstablishmentRoleList } from './establishment-role-list.tsx';

type StaffListProps = {
  staff: StaffMember[];
  establishments: Establishment[];
  /** The signed-in user, marked "you". */
  userId: string;
  /** The actions the user may take on a member. */
  actionsOf: (member: StaffMember) => ReactNode;
};

/**
 * A table on wide screens; a card per member below `xl`, where seven columns and their actions no longer
 * fit beside the sidebar, so a phone or a laptop never scrolls sideways or hides an action.
 */
export function StaffList(props: StaffListProps) {
  return (
    <TableOrCards
      tableFrom="xl"
      table={<StaffTable {...props} />}
      cards={props.staff.map((member) => <StaffCard key={member.staffUserId} member={member} {...props} />)}
    />
  );
}

/** Name (or e-mail alone when there is no name), e-mail below it, and "you" for the signed-in user. */
function MemberIdentity({ member, isSelf }: { member: StaffMember; isSelf: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <span className="font-medium wrap-anywhere">{member.name ?? member.email}</span>
      {isSelf && <span className="badge badge-ghost badge-sm ml-2">{t('staff.members.you')}</span>}
      {member.name && (
        <span className="block text-sm font-normal text-base-content/70 wrap-anywhere">{member.email}</span>
      )}
    </div>
  );
}

function StatusBadge({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-sm ${member.status === 'active' ? 'badge-success' : 'badge-warning'}`}>
      {t(`staff.status.${member.status}`)}
    </span>
  );
}

function EstablishmentRoles({
  member,
  establishments,
}: {
  member: StaffMember;
  establishments: Establishment[];
}) {
  const { t } = useTranslation();
  if (member.establishments.length === 0) return t('common.none');
  return (
    <EstablishmentRoleList
      assignments={member.establishments}
      establishments={establishments}
      className="text-sm"
    />
  );
}

function useRoleLabel() {
  const { t } = useTranslation();
  return (member: StaffMember) => (member.role ? t(ROLE_LABEL_KEYS[member.role]) : t('roles.none'));
}

function StaffTable({ staff, establishments, userId, actionsOf }: StaffListProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const roleOf = useRoleLabel();
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t('staff.columns.member')}</th>
          <th scope="col">{t('staff.columns.role')}</th>
          <th scope="col">{t('staff.columns.status')}</th>
          <th scope="col" className="hidden 2xl:table-cell">
            {t('staff.columns.joinedAt')}
          </th>
          <th scope="col">{t('staff.columns.establishmentRoles')}</th>
          <th scope="col" className="text-right">
            <span className="sr-only">{t('staff.columns.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {staff.map((member) => (
          <tr key={member.staffUserId}>
            <th scope="row" className="min-w-56">
              <MemberIdentity member={member} isSelf={member.staffUserId === userId} />
            </th>
            <td>{roleOf(member)}</td>
            <td>
              <StatusBadge member={member} />
            </td>
            <td className="hidden whitespace-nowrap 2xl:table-cell">{formatDate(member.joinedAt)}</td>
            <td>
              <EstablishmentRoles member={member} establishments={establishments} />
            </td>
            <td>{actionsOf(member)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StaffCard({ member, establishments, userId, actionsOf }: StaffListProps & { member: StaffMember }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const roleOf = useRoleLabel();
  return (
    <li className="rounded-box border border-base-300 p-4">
      <div className="flex items-start justify-between gap-2">
        <MemberIdentity member={member} isSelf={member.staffUserId === userId} />
        <StatusBadge member={member} />
      </div>
      <dl className="mt-2 grid gap-x-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-1">
        <dt className="mt-1 text-xs text-base-content/70 sm:mt-0 sm:text-sm">{t('staff.columns.role')}</dt>
        <dd>{roleOf(member)}</dd>
        <dt className="mt-1 text-xs text-base-content/70 sm:mt-0 sm:text-sm">
          {t('staff.columns.establishmentRoles')}
        </dt>
        <dd>
          <EstablishmentRoles member={member} establishments={establishments} />
        </dd>
        <dt className="mt-1 text-xs text-base-content/70 sm:mt-0 sm:text-sm">
          {t('staff.columns.joinedAt')}
        </dt>
        <dd>{formatDate(member.joinedAt)}</dd>
      </dl>
      <div className="mt-3">{actionsOf(member)}</div>
    </li>
  );
}
