/** Digits of India's scripts as ASCII; other characters (fullwidth, Arabic-Indic digits) are left for the caller to refuse. */

/** The zero of each Indian script's decimal digits (Unicode's Nd ranges: ten consecutive code points). */
const ZEROS = [
  0x0966, // Devanagari ०
  0x09e6, // Bengali ০
  0x0a66, // Gurmukhi ੦
  0x0ae6, // Gujarati ૦
  0x0b66, // Oriya ୦
  0x0be6, // Tamil ௦
  0x0c66, // Telugu ౦
  0x0ce6, // Kannada ೦
  0x0d66, // Malayalam ൦
];

/** `text` with every Indian-script digit replaced by its ASCII digit ("१२२००१" is 122001). */
export function asciiDigits(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const zero = ZEROS.find((start) => code >= start && code <= start + 9);
    out += zero === undefined ? char : String(code - zero);
  }
  return out;
}
