/**
 * The Brazilian taxpayer id (CPF): 11 digits, the last two check digits computed modulo 11 from the first
 * nine and ten. Accepted bare ("52998224725") or formatted ("529.982.247-25"); repeated digits
 * ("111.111.111-11") pass the arithmetic but are not issued, so they are invalid.
 */
export function normalizeCpf(value: string): string {
  return value.replace(/[.\-\s]/g, '');
}

export function isValidCpf(value: string): boolean {
  const digits = normalizeCpf(value);
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  return checkDigit(numbers.slice(0, 9)) === numbers[9] && checkDigit(numbers.slice(0, 10)) === numbers[10];
}

/** A valid CPF completed from its first nine digits, its check digits computed: for examples and tests. */
export function completeCpf(firstNine: string): string {
  const numbers = [...firstNine].map(Number);
  if (numbers.length !== 9 || numbers.some(Number.isNaN)) throw new Error(`not nine digits: ${firstNine}`);
  numbers.push(checkDigit(numbers));
  numbers.push(checkDigit(numbers));
  return numbers.join('');
}

function checkDigit(numbers: number[]): number {
  const weightStart = numbers.length + 1;
  const sum = numbers.reduce((total, digit, index) => total + digit * (weightStart - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function formatCpf(value: string): string {
  const digits = normalizeCpf(value);
  return digits.length === 11
    ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
    : value;
}
