// Vessel identifiers: IMO numbers carry a check digit, so a typed or generated number can be verified.

/** The IMO check digit: the first six digits weighted 7 down to 2, summed, last digit of the sum. */
function imoCheckDigit(sixDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(sixDigits[i]) * (7 - i);
  return sum % 10;
}

/** Accepts "9074729" and "IMO 9074729"; true when the seventh digit matches the check digit. */
export function isValidImo(imo: string): boolean {
  const digits = imo.trim().replace(/^IMO\s*/i, "");
  if (!/^[0-9]{7}$/.test(digits)) return false;
  return imoCheckDigit(digits) === Number(digits[6]);
}

/** Completes six digits into a valid seven-digit IMO number. */
export function imoWithCheckDigit(sixDigits: string): string {
  if (!/^[0-9]{6}$/.test(sixDigits)) throw new Error(`"${sixDigits}" is not six digits`);
  return `${sixDigits}${imoCheckDigit(sixDigits)}`;
}
