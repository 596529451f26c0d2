import type { Establishment } from '@reformer/domain/establishments';
import { useTranslation } from 'react-i18next';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { useFormatDate } from '@/lib/format.ts';
import { displayPhone } from '@/lib/phones.ts';

type EstablishmentListProps = {
  establishments: Establishment[];
  canManage: boolean;
  onEdit: (establishment: Establishment) => void;
  onDelete: (establishment: Establishment) => void;
};

/** The establishments as a table on wide screens, a card each on narrow ones; edit and delete for managers. */
export function EstablishmentList(props: EstablishmentListProps) {
  return (
    <TableOrCards
      tableFrom="lg"
      table={<EstablishmentTable {...props} />}
      cards={props.establishments.map((establishment) => (
        <EstablishmentCard key={establishment.id} establishment={establishment} {...props} />
      ))}
    />
  );
}

type ActionsProps = Omit<EstablishmentListProps, 'establishments'> & { establishment: Establishment };

function EstablishmentActions({ establishment, canManage, onEdit, onDelete }: ActionsProps) {
  const { t } = useTranslation();
  if (!canManage) return null;
  return (
    <div className="flex flex-wrap gap-2 lg:justify-end">
      <button
        type="button"
        className="btn btn-sm"
        aria-label={t('establishments.edit.openLabel', { name: establishment.name })}
        onClick={() => onEdit(establishment)}
      >
        {t('establishments.edit.open')}
      </button>
      <button
        type="button"
        className="btn btn-sm btn-ghost text-error"
        aria-label={t('establishments.delete.openLabel', { name: establishment.name })}
        onClick={() => onDelete(establishment)}
      >
        {t('establishments.delete.open')}
      </button>
    </div>
  );
}

/** The studio's phone as written at home, and its e-mail below. */
function Contact({ establishment }: { establishment: Establishment }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="whitespace-nowrap">
        {establishment.phone ? displayPhone(establishment.phone) : t('common.none')}
      </div>
      {establishment.email && (
        <div className="text-xs text-base-content/70 wrap-anywhere">{establishment.email}</div>
      )}
    </>
  );
}

function EstablishmentTable({ establishments, ...actions }: EstablishmentListProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t('establishments.fields.name')}</th>
          <th scope="col">{t('establishments.fields.address')}</th>
          <th scope="col">{t('establishments.columns.contact')}</th>
          <th scope="col" className="hidden xl:table-cell">
            {t('establishments.columns.createdAt')}
          </th>
          {actions.canManage && (
            <th scope="col" className="text-right">
              <span className="sr-only">{t('establishments.columns.actions')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {establishments.map((establishment) => (
          <tr key={establishment.id}>
            <th scope="row" className="font-medium">
              <div>{establishment.name}</div>
              {establishment.description && (
                <div className="text-xs font-normal text-base-content/60">{establishment.description}</div>
              )}
            </th>
            <td>{establishment.address ?? t('common.none')}</td>
            <td>
              <Contact establishment={establishment} />
            </td>
            <td className="hidden xl:table-cell">{formatDate(establishment.createdAt)}</td>
            {actions.canManage && (
              <td>
                <EstablishmentActions establishment={establishment} {...actions} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EstablishmentCard({
  establishment,
  establishments: _all,
  ...actions
}: EstablishmentListProps & { establishment: Establishment }) {
  return (
    <li className="rounded-box border border-base-300 p-4">
      <p className="font-medium">{establishment.name}</p>
      {establishment.description && (
        <p className="text-sm text-base-content/70">{establishment.description}</p>
      )}
      {establishment.address && <p className="mt-2 text-sm">{establishment.address}</p>}
      <div className="mt-1 text-sm">
        <Contact establishment={establishment} />
      </div>
      <div className="mt-3">
        <EstablishmentActions establishment={establishment} {...actions} />
      </div>
    </li>
  );
}
