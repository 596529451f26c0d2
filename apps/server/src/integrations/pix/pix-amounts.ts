/** The API Pix writes money as a decimal string with two places ("123.45"); the product keeps integer cents. */
export function centsToAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const AMOUNT = /^(\d{1,10})\.(\d{2})$/;

export function amountToCents(amount: string): number {
  const match = AMOUNT.exec(amount);
  if (!match) throw new RangeError(`Not an API Pix amount: ${JSON.stringify(amount)}`);
  return Number(match[1]) * 100 + Number(match[2]);
}
