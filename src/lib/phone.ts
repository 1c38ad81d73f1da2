/** A shopper's mobile number, read as the database reads it (private.normalise_phone in the orders migration). */
import { asciiDigits } from './indian-digits.ts';

/** Ten digits, the first 6-9, after an optional +91, 0091, 91 or 0. */
const MOBILE = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/;

/** What the checkout says under a number it cannot read. */
export const PHONE_PROBLEM = 'Enter a 10-digit mobile number, like 98765 43210';

/** The ten digits of a mobile number of India (spaces, hyphens, +91, a leading 0 and Indian-script digits accepted), or null. */
export function normalisePhone(text: string): string | null {
  return MOBILE.exec(asciiDigits(text).replace(/[\s-]/g, ''))?.[1] ?? null;
}
