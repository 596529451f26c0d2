import { useTranslation } from 'react-i18next';

/** Spec §3: a person's display name is first name plus last name, or 'Unknown' (a purged customer). */
export function usePersonName(): (person: { firstName: string; lastName: string }) => string {
  const { t } = useTranslation();
  return (person) => `${person.firstName} ${person.lastName}`.trim() || t('common.unknownPerson');
}

/** A name the API may lack (a staff member with none on file, as `staffName`): the name, or 'Unknown'. */
export function useNameOrUnknown(): (name: string | null) => string {
  const { t } = useTranslation();
  return (name) => name?.trim() || t('common.unknownPerson');
}
