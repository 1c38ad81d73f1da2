/**
 * Unit prices (Legal Metrology rules): in paise per kg, L or piece, from the pack size as printed ("500 g", "6 pcs", "4 x 75 g"); an
 * approximate or unclear pack size ("1 pc (approx. 600-800 g)") has none.
 */
import { formatPaiseShort } from './format.ts';

/** A unit price: paise per kilogram, litre or piece. */
export interface UnitPrice {
  paise: number;
  per: 'kg' | 'L' | 'pc';
}

/** How many of the base unit (g, ml or piece) each printed unit is, and which unit price it gives. */
const UNITS: Record<string, { factor: number; per: UnitPrice['per'] }> = {
  g: { factor: 1, per: 'kg' },
  gm: { factor: 1, per: 'kg' },
  gms: { factor: 1, per: 'kg' },
  gram: { factor: 1, per: 'kg' },
  grams: { factor: 1, per: 'kg' },
  kg: { factor: 1000, per: 'kg' },
  kgs: { factor: 1000, per: 'kg' },
  ml: { factor: 1, per: 'L' },
  l: { factor: 1000, per: 'L' },
  ltr: { factor: 1000, per: 'L' },
  litre: { factor: 1000, per: 'L' },
  litres: { factor: 1000, per: 'L' },
  liter: { factor: 1000, per: 'L' },
  liters: { factor: 1000, per: 'L' },
  pc: { factor: 1, per: 'pc' },
  pcs: { factor: 1, per: 'pc' },
  piece: { factor: 1, per: 'pc' },
  pieces: { factor: 1, per: 'pc' },
  dozen: { factor: 12, per: 'pc' },
};

/** Base units per unit price: grams in a kilogram, millilitres in a litre, one piece. */
const PER_BASE: Record<UnitPrice['per'], number> = { kg: 1000, L: 1000, pc: 1 };

// "500 g", "1.2 L", "6 pcs", "1 dozen", optionally "4 x 75 g" / "4×75g"; nothing else may follow.
const PACK = /^(?:(\d{1,3})\s*[x×]\s*)?(\d+(?:\.\d+)?)\s*([a-z]+)$/i;

/** The unit price of a product priced `pricePaise` with pack size `unit`, or null when the pack size is unclear. */
export function unitPrice(pricePaise: number, unit: string | null | undefined): UnitPrice | null {
  const match = PACK.exec(unit?.trim() ?? '');
  if (!match) return null;
  const known = UNITS[(match[3] ?? '').toLowerCase()];
  const packs = match[1] === undefined ? 1 : Number(match[1]);
  const amount = Number(match[2]) * packs * (known?.factor ?? 0);
  if (!known || !Number.isFinite(amount) || amount <= 0 || !Number.isFinite(pricePaise) || pricePaise < 0) return null;
  return { paise: Math.round((pricePaise * PER_BASE[known.per]) / amount), per: known.per };
}

/** "₹112/kg", "₹56/L", "₹8.50/pc": whole rupees without paise, else two decimals; null when there is none. */
export function formatUnitPrice(pricePaise: number, unit: string | null | undefined): string | null {
  const value = unitPrice(pricePaise, unit);
  if (!value) return null;
  return `${formatPaiseShort(value.paise)}/${value.per}`;
}
