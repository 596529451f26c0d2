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

export type PostalCodeLookup = (cepDigits: string) => Promise<PostalAddress>;

export function lookupPostalCode(cepDigits: string): Promise<PostalAddress> {
  return api.get<PostalAddress>(`/postal-codes/${encodeURIComponent(cepDigits)}`);
}

/**
 * A CEP's address hardly ever changes: keep answers for the session, and do not retry a miss. `lookup` is
 * staff's route unless the page is the customer portal's (its own route, decision 046): the same facts.
 */
export function postalCodeQueryOptions(cepDigits: string, lookup: PostalCodeLookup = lookupPostalCode) {
  return queryOptions({
    queryKey: ['postal-codes', cepDigits] as const,
    queryFn: () => lookup(cepDigits),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
