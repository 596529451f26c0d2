/**
 * The Brazilian company taxpayer id (CNPJ): 12 characters then 2 check digits, each computed modulo 11 with
 * the weights 2–9 from the right. Since July 2026 the Receita Federal issues alphanumeric CNPJs (IN RFB
 * 2.229/2024): the 12 characters may be digits or upper-case letters, each worth its ASCII code − 48 (so a
 * digit is worth itself and A is 17), the check digits stay numeric. Numeric CNPJs are the same rule.
 * Accepted bare or formatted ("11.222.333/0001-81", "12.abc.345/01de-35"); letters are kept, upper-case.
 */
export function normalizeCnpj(value: string): string {
  return value.replace(/[.\-/\s]/g, '').toUpperCase();
}

export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const values = [...cnpj].map((character) => character.charCodeAt(0) - 48);
  return checkDigit(values.slice(0, 12)) === values[12] && checkDigit(values.slice(0, 13)) === values[13];
}

function checkDigit(values: number[]): number {
  // Weights 2, 3, … 9 from the rightmost character, starting again at 2 after 9.
  const sum = values.reduceRight(
    (total, value, index) => total + value * (((values.length - 1 - index) % 8) + 2),
    0,
  );
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** "11222333000181" → "11.222.333/0001-81"; anything that is not 14 characters as it is. */
export function formatCnpj(value: string): string {
  const cnpj = normalizeCnpj(value);
  return cnpj.length === 14
    ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
    : value;
}
