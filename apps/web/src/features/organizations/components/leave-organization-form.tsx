import { isLeaveConfirmed } from '@reformer/domain/organizations';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error.ts';
import { useLeaveOrganization } from '../api/leave-organization.ts';

type LeaveOrganizationFormProps = {
  organization: { id: string; name: string };
  onLeft?: () => unknown;
};

/**
 * Leaving needs the exact organization name typed back (spec §4). The sole owner is refused by the server
 * (409 ORGANIZATION_SOLE_OWNER) and told why here, not only in a toast.
 */
export function LeaveOrganizationForm({ organization, onLeft }: LeaveOrganizationFormProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const leave = useLeaveOrganization({ onSuccess: onLeft });
  const isSoleOwner = leave.error instanceof ApiError && leave.error.code === 'ORGANIZATION_SOLE_OWNER';
  const isConfirmed = isLeaveConfirmed(organization.name, typed);

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (isConfirmed) leave.mutate({ id: organization.id, name: organization.name });
      }}
    >
      <p>{t('organizations.leave.body', { name: organization.name })}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('organizations.leave.confirmLabel', { name: organization.name })}
        </label>
        <input
          id={inputId}
          className="input w-full"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {isSoleOwner && (
        <div role="alert" className="alert alert-warning">
          {t('errors.ORGANIZATION_SOLE_OWNER')}
        </div>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-error" disabled={!isConfirmed || leave.isPending}>
          {t('organizations.leave.submit')}
        </button>
      </div>
    </form>
  );
}
