import { ESTABLISHMENT_ROLES, ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import type { EstablishmentAssignment } from '@reformer/domain/staff';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type EstablishmentRolesEditorProps = {
  value: EstablishmentAssignment[];
  onChange: (value: EstablishmentAssignment[]) => void;
  /** The establishments that may be chosen. */
  establishments: { id: string; name: string }[];
  error?: string | undefined;
};

/**
 * One row per establishment with its role. An establishment already chosen in one row is not offered in
 * another (one role per establishment), and a new row starts on a free one, so rows are always complete.
 */
export function EstablishmentRolesEditor({
  value,
  onChange,
  establishments,
  error,
}: EstablishmentRolesEditorProps) {
  const { t } = useTranslation();
  const used = new Set(value.map((row) => row.establishmentId));
  const free = establishments.filter((establishment) => !used.has(establishment.id));
  const update = (index: number, row: EstablishmentAssignment) =>
    onChange(value.map((current, i) => (i === index ? row : current)));

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('staff.establishmentRoles.legend')}</legend>
      {establishments.length === 0 && (
        <p className="text-sm text-base-content/70">{t('staff.establishmentRoles.noEstablishments')}</p>
      )}
      {value.map((row, index) => (
        <EstablishmentRoleRow
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position; its establishment changes while editing
          key={index}
          row={row}
          options={establishments.filter((e) => e.id === row.establishmentId || !used.has(e.id))}
          onChange={(next) => update(index, next)}
          onRemove={() => onChange(value.filter((_, i) => i !== index))}
        />
      ))}
      {error && <p className="text-sm text-error">{error}</p>}
      {free[0] && (
        <div>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() =>
              onChange([...value, { establishmentId: free[0]?.id ?? '', role: 'EST_INSTRUCTOR' }])
            }
          >
            {t('staff.establishmentRoles.add')}
          </button>
        </div>
      )}
    </fieldset>
  );
}

type EstablishmentRoleRowProps = {
  row: EstablishmentAssignment;
  options: { id: string; name: string }[];
  onChange: (row: EstablishmentAssignment) => void;
  onRemove: () => void;
};

function EstablishmentRoleRow({ row, options, onChange, onRemove }: EstablishmentRoleRowProps) {
  const { t } = useTranslation();
  const id = useId();
  const name = options.find((option) => option.id === row.establishmentId)?.name ?? '';
  return (
    <div className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-establishment`} className="text-xs">
          {t('staff.establishmentRoles.establishment')}
        </label>
        <select
          id={`${id}-establishment`}
          className="select select-sm w-full"
          value={row.establishmentId}
          onChange={(event) => onChange({ ...row, establishmentId: event.target.value })}
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-role`} className="text-xs">
          {t('staff.establishmentRoles.role')}
        </label>
        <select
          id={`${id}-role`}
          className="select select-sm w-full"
          value={row.role}
          onChange={(event) =>
            onChange({
              ...row,
              role: ESTABLISHMENT_ROLES.find((role) => role === event.target.value) ?? row.role,
            })
          }
        >
          {ESTABLISHMENT_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_LABEL_KEYS[role])}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-ghost text-error"
        aria-label={t('staff.establishmentRoles.removeLabel', { name })}
        onClick={onRemove}
      >
        {t('staff.establishmentRoles.remove')}
      </button>
    </div>
  );
}
