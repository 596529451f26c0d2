import { useTranslation } from 'react-i18next';

/** Spec §3: a person's display name is first name plus last name, or 'Unknown' (a purged customer). */
export function useCustomerName(): (customer: { firstName: string; lastName: string }) => string {
  const { t } = useTranslation();
  return (customer) => `${customer.firstName} ${customer.lastName}`.trim() || t('common.unknownPerson');
}
