import type { OrganizationListEntry } from '@reformer/domain/organizations';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleLabel } from './role-label.tsx';

type OrganizationTableProps = {
  organizations: OrganizationListEntry[];
  /** Extra cells per row (e.g. Leave in user settings), after the Select button. */
  renderActions?: (organization: OrganizationListEntry) => ReactNode;
  /** The row's link text and its accessible name; "Select" by default. */
  selectText?: { text: string; label: (name: string) => string };
};

/** Organizations with the user's role and a Select button per row (spec §2). */
export function OrganizationTable({ organizations, renderActions, selectText }: OrganizationTableProps) {
  const { t } = useTranslation();
  const select = selectText ?? {
    text: t('organizations.select.selectButton'),
    label: (name: string) => t('organizations.select.selectLabel', { name }),
  };
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('organizations.columns.name')}</th>
            <th scope="col">{t('organizations.columns.role')}</th>
            <th scope="col" className="hidden sm:table-cell">
              {t('organizations.columns.members')}
            </th>
            <th scope="col" className="hidden sm:table-cell">
              {t('organizations.columns.establishments')}
            </th>
            <th scope="col" className="text-right">
              <span className="sr-only">{t('organizations.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {organizations.map((organization) => (
            <tr key={organization.id}>
              <th scope="row" className="font-medium">
                <div>{organization.name}</div>
                {organization.description && (
                  <div className="text-xs font-normal text-base-content/60">{organization.description}</div>
                )}
              </th>
              <td>
                <RoleLabel role={organization.role} />
              </td>
              <td className="hidden sm:table-cell">{organization.memberCount}</td>
              <td className="hidden sm:table-cell">{organization.establishmentCount}</td>
              <td>
                <div className="flex justify-end gap-2">
                  <Link
                    to="/app/org/$orgId"
                    params={{ orgId: organization.id }}
                    className="btn btn-sm btn-primary"
                    aria-label={select.label(organization.name)}
                  >
                    {select.text}
                  </Link>
                  {renderActions?.(organization)}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
