import type { Establishment } from '@reformer/domain/establishments';
import { InviteStaffInput } from '@reformer/domain/invitations';
import { assignableOrgRoles, type OrgRole, ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EstablishmentRolesEditor } from '@/components/form/establishment-roles-editor.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { applyServerFieldErrors, domainResolver, fieldErrorText } from '@/lib/forms.ts';

type InviteStaffFormProps = {
  actorRole: OrgRole | null;
  establishments: Establishment[];
  isPending: boolean;
  onSubmit: (input: InviteStaffInput) => Promise<unknown>;
  onCancel: () => void;
};

const FIELDS = ['email', 'role', 'establishments'] as const;
/** Conflicts about the invited person belong next to the email they were typed in. */
const EMAIL_CONFLICTS = new Set(['STAFF_ALREADY_MEMBER', 'INVITATION_ALREADY_PENDING']);

/** Email, an optional organization role (up to the inviter's own), and establishment roles. */
export function InviteStaffForm({
  actorRole,
  establishments,
  isPending,
  onSubmit,
  onCancel,
}: InviteStaffFormProps) {
  const { t } = useTranslation();
  const roleId = useId();
  const { register, handleSubmit, control, formState, setError, watch, trigger } = useForm({
    resolver: domainResolver(InviteStaffInput),
    defaultValues: { email: '', role: null, establishments: [] },
  });
  const { errors } = formState;
  const role = watch('role');
  const roleError = fieldErrorText(errors.role);

  const submit = handleSubmit(async (input) => {
    await onSubmit(input).catch((error: unknown) => {
      if (error instanceof ApiError && EMAIL_CONFLICTS.has(error.code)) {
        setError('email', { type: 'server', message: `errors.${error.code}` });
        return;
      }
      applyServerFieldErrors(error, setError, FIELDS);
    });
  });

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <TextField
        label={t('staff.invite.email')}
        type="email"
        autoComplete="off"
        error={errors.email}
        {...register('email')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={roleId} className="text-sm font-medium">
          {t('staff.invite.role')}
        </label>
        <select
          id={roleId}
          className={`select w-full ${roleError ? 'select-error' : ''}`}
          aria-invalid={roleError ? true : undefined}
          aria-describedby={`${roleId}-hint`}
          {...register('role', { setValueAs: (value: string | null) => (value ? value : null) })}
        >
          <option value="">{t('staff.invite.noOrgRole')}</option>
          {assignableOrgRoles(actorRole).map((option) => (
            <option key={option} value={option}>
              {t(ROLE_LABEL_KEYS[option])}
            </option>
          ))}
        </select>
        <p id={`${roleId}-hint`} className="text-xs text-base-content/70">
          {role ? t(`staff.roleDescriptions.${role}`) : t('staff.invite.noOrgRoleHint')}
        </p>
        {roleError && <p className="text-sm text-error">{roleError}</p>}
      </div>
      <Controller
        control={control}
        name="establishments"
        render={({ field, fieldState }) => (
          <EstablishmentRolesEditor
            value={field.value ?? []}
            onChange={(rows) => {
              field.onChange(rows);
              // "A role or an establishment role" is checked on the role field: recheck it as rows change.
              if (formState.isSubmitted) void trigger('role');
            }}
            establishments={establishments}
            error={fieldErrorText(fieldState.error)}
          />
        )}
      />
      <DialogActions onCancel={onCancel}>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending ? t('staff.invite.submitting') : t('staff.invite.submit')}
        </button>
      </DialogActions>
    </form>
  );
}
