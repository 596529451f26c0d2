import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** What the server's CEP lookup answers (ViaCEP behind it in production). */
export type PostalAddress = {
  zipCode: string;
  street: string;
  neighborhood: string;
  city: string;
  state: string;
};

export function lookupPostalCode(cepDigits: string): Promise<PostalAddress> {
  return api.get<PostalAddress>(`/postal-codes/${encodeURIComponent(cepDigits)}`);
}

/** A CEP's address hardly ever changes: keep answers for the session, and do not retry a miss. */
export function postalCodeQueryOptions(cepDigits: string) {
  return queryOptions({
    queryKey: ['postal-codes', cepDigits] as const,
    queryFn: () => lookupPostalCode(cepDigits),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
