/** Unit prices (Legal Metrology rules) from the pack size as printed; an unclear one ("1 pc (approx. 600-800 g)") has none. */
import { formatPaiseShort } from './format.ts';

export interface UnitPrice {
  paise: number;
  per: 'kg' | 'L' | 'pc';
}

/** How many of the base unit (g, ml or piece) each printed unit is. */
const UNITS: ReadonlyMap<string, { factor: number; per: UnitPrice['per'] }> = new Map(
  (
    [
      [['g', 'gm', 'gms', 'gram', 'grams'], 1, 'kg'],
      [['kg', 'kgs'], 1000, 'kg'],
      [['ml'], 1, 'L'],
      [['l', 'ltr', 'litre', 'litres', 'liter', 'liters'], 1000, 'L'],
      [['pc', 'pcs', 'piece', 'pieces'], 1, 'pc'],
      [['dozen'], 12, 'pc'],
    ] as const
  ).flatMap(([names, factor, per]) => names.map((name) => [name, { factor, per }] as const)),
);

const PER_BASE: Record<UnitPrice['per'], number> = { kg: 1000, L: 1000, pc: 1 };

// "500 g", "1.2 L", "6 pcs", "1 dozen", optionally "4 x 75 g" / "4×75g"; nothing else may follow.
const PACK = /^(?:(\d{1,3})\s*[x×]\s*)?(\d+(?:\.\d+)?)\s*([a-z]+)$/i;

/** The unit price of `pricePaise` for pack size `unit`, or null when it is unclear. */
export function unitPrice(pricePaise: number, unit: string | null | undefined): UnitPrice | null {
  const match = PACK.exec(unit?.trim() ?? '');
  if (!match) return null;
  const known = UNITS.get((match[3] ?? '').toLowerCase());
  const packs = match[1] === undefined ? 1 : Number(match[1]);
  const amount = Number(match[2]) * packs * (known?.factor ?? 0);
  if (!known || !Number.isFinite(amount) || amount <= 0 || !Number.isFinite(pricePaise) || pricePaise < 0) return null;
  return { paise: Math.round((pricePaise * PER_BASE[known.per]) / amount), per: known.per };
}

/** "₹112/kg", "₹56/L", "₹8.50/pc"; null when there is none. */
export function formatUnitPrice(pricePaise: number, unit: string | null | undefined): string | null {
  const value = unitPrice(pricePaise, unit);
  return value ? `${formatPaiseShort(value.paise)}/${value.per}` : null;
}
