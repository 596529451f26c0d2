import { UpdateProfileInput } from '@reformer/domain/users';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { currentUserQueryOptions } from '../api/get-current-user.ts';
import { useUpdateCurrentUser } from '../api/update-current-user.ts';

const FIELDS = ['firstName', 'lastName'] as const;

/** The current user's profile: first and last name, both required (spec §3). */
export function ProfileForm() {
  const { t } = useTranslation();
  const { data: user } = useSuspenseQuery(currentUserQueryOptions());
  const updateUser = useUpdateCurrentUser();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: domainResolver(UpdateProfileInput),
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });
  const { errors } = formState;

  const submit = handleSubmit((input) =>
    updateUser.mutate(input, { onError: (error) => applyServerFieldErrors(error, setError, FIELDS) }),
  );

  return (
    <form className="flex max-w-lg flex-col gap-3" noValidate onSubmit={submit}>
      <TextField
        label={t('userSettings.profile.email')}
        value={user.email}
        readOnly
        hint={t('userSettings.profile.emailHint')}
      />
      <TextField
        label={t('auth.fields.firstName')}
        autoComplete="given-name"
        error={errors.firstName}
        {...register('firstName')}
      />
      <TextField
        label={t('auth.fields.lastName')}
        autoComplete="family-name"
        error={errors.lastName}
        {...register('lastName')}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={updateUser.isPending}>
          {updateUser.isPending ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
