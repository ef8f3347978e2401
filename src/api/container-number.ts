// ISO 6346 container numbers: the check digit that lets a mistyped number be caught before it reaches a carrier.

/**
 * Letter values of ISO 6346: A=10 upwards, skipping multiples of 11 (11, 22, 33) so that
 * no letter's value is itself congruent to 0 mod 11 — that keeps single-character errors detectable.
 */
const LETTER_VALUES: ReadonlyMap<string, number> = (() => {
  const values = new Map<string, number>();
  let value = 10;
  for (const letter of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
    if (value % 11 === 0) value++;
    values.set(letter, value);
    value++;
  }
  return values;
})();

const OWNER_AND_SERIAL = /^[A-Z]{3}[UJZR][0-9]{6}$/;
const CONTAINER_NUMBER = /^[A-Z]{3}[UJZR][0-9]{7}$/;

/**
 * The check digit of the first ten characters (owner code, category letter, six-digit serial).
 * A remainder of 10 maps to 0, as the standard says (such serials are best avoided, since 0 is then ambiguous).
 */
export function iso6346CheckDigit(ownerAndSerial: string): number {
  const code = ownerAndSerial.toUpperCase();
  if (!OWNER_AND_SERIAL.test(code)) {
    throw new Error(
      `"${ownerAndSerial}" is not 3 owner letters, a category letter (U, J, Z or R) and 6 digits`,
    );
  }
  const sum = [...code].reduce((total, ch, i) => total + (LETTER_VALUES.get(ch) ?? Number(ch)) * 2 ** i, 0);
  return (sum % 11) % 10;
}

/** True for a well-formed container number (4 letters, 7 digits) whose last digit is its ISO 6346 check digit. */
export function isValidContainerNumber(n: string): boolean {
  const code = n.trim().toUpperCase();
  if (!CONTAINER_NUMBER.test(code)) return false;
  return iso6346CheckDigit(code.slice(0, 10)) === Number(code[10]);
}
