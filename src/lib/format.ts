// Made on first use: creating it costs ICU's start-up, which a module merely imported (the search page's first
// search, started before any price is shown) should not pay.
let inr: Intl.NumberFormat | undefined;

// A few hundred distinct prices are formatted on every card (ICU was 1.3% of a 100,000-product build); emptied when full.
const formatted = new Map<number, string>();
const FORMATTED_MAX = 10_000;

/** Paise as rupees the Indian way: 12345600 -> "₹1,23,456.00"; non-finite shows ₹0.00. */
export function formatPaise(paise: number): string {
  // `+ 0` turns -0 into 0: the memo's Map holds them as one key, and Intl writes -0 as "-₹0.00".
  const amount = Number.isFinite(paise) ? paise + 0 : 0;
  let text = formatted.get(amount);
  if (text === undefined) {
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    inr ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    text = inr.format(amount / 100);
    formatted.set(amount, text);
  }
  return text;
}

/** Paise as a plain decimal rupee amount ("68.00") for machine-read prices. */
export function rupeeDecimal(paise: number): string {
  return (Number.isFinite(paise) && paise > 0 ? paise / 100 : 0).toFixed(2);
}

/** Paise as rupees without ".00" when whole: "₹120", "₹0.01", "₹1,250.50" (offers, unit prices). */
export function formatPaiseShort(paise: number): string {
  const text = formatPaise(paise);
  return Number.isFinite(paise) && paise % 100 === 0 ? text.replace(/\.00$/, '') : text;
}

/** A product's unit for display, with the spec's "pcs" fallback. */
export function displayUnit(unit: string | null | undefined): string {
  return unit?.trim() ? unit.trim() : 'pcs';
}

/** The discount badge percentage, or null when there is no discount. */
export function discountPercent(price: number, original: number | null | undefined): number | null {
  if (original == null || !Number.isFinite(original) || !Number.isFinite(price) || original <= price || original <= 0) {
    return null;
  }
  const pct = Math.round(((original - price) / original) * 100);
  return pct > 0 ? pct : null;
}
