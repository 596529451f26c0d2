// Not a route (the "-" prefix): what the payments routes hand their pages about the organization.
import { useSuspenseQuery } from '@tanstack/react-query';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import type { PixMerchant } from '@/features/payments/pix-code.ts';

/** The organization's name (the PIX merchant's, unless settings name another) and its time zone. */
export function usePaymentMerchant(organizationId: string): PixMerchant {
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(organizationId));
  return { organizationName: organization.name, timeZone: organization.timeZone };
}
