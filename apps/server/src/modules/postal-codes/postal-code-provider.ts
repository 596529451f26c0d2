import { AppError } from '@reformer/domain/errors';

export type PostalAddress = {
  zipCode: string;
  street: string;
  neighborhood: string;
  city: string;
  state: string;
};

/** Where addresses come from; ViaCEP in production, a local stand-in in tests. */
export type PostalCodeProvider = { lookup(cepDigits: string): Promise<PostalAddress | null> };

type ViaCepAnswer = {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  erro?: boolean | string;
};

export function viaCepProvider(baseUrl: string, timeoutMs: number): PostalCodeProvider {
  return {
    async lookup(cepDigits) {
      const response = await fetch(`${baseUrl.replace(/\/$/, '')}/${cepDigits}/json/`, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      }).catch(() => {
        throw new AppError('POSTAL_CODE_LOOKUP_FAILED');
      });
      if (response.status === 400 || response.status === 404) return null;
      if (!response.ok) throw new AppError('POSTAL_CODE_LOOKUP_FAILED');
      const answer = (await response.json().catch(() => ({ erro: true }))) as ViaCepAnswer;
      if (answer.erro) return null;
      return {
        zipCode: `${cepDigits.slice(0, 5)}-${cepDigits.slice(5)}`,
        street: answer.logradouro ?? '',
        neighborhood: answer.bairro ?? '',
        city: answer.localidade ?? '',
        state: answer.uf ?? '',
      };
    },
  };
}

const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const CACHE_SIZE = 5000;

/**
 * Postal codes rarely change: answers (found or not) are kept for a day, the oldest dropped past 5,000.
 * A failed lookup is not cached, so the next try asks the provider again.
 */
export function cachedLookup(provider: PostalCodeProvider, now: () => number = Date.now): PostalCodeProvider {
  const cache = new Map<string, { at: number; address: PostalAddress | null }>();
  return {
    async lookup(cepDigits) {
      const hit = cache.get(cepDigits);
      if (hit && now() - hit.at < CACHE_TTL_MS) return hit.address;
      const address = await provider.lookup(cepDigits);
      cache.delete(cepDigits);
      cache.set(cepDigits, { at: now(), address });
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      return address;
    },
  };
}
