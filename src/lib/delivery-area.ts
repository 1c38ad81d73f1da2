/** Deliver to a pincode: the serviceability table (/data/delivery-areas.json) and its lookup. Ships to the browser. */
import { isRecord, NAME_MAX, parsePincode, readPincode, readText, type PincodeProblem } from './fields.ts';
import type { Catalogue } from './catalogue/rows.ts';

/** The spec's delivery promise (section 1), and what a store without a delivery time promises ("10 min"). */
export const DEFAULT_DELIVERY_MINUTES = 10;
export const NEAREST_COUNT = 3;
/** The longest delivery time the table keeps (a day); anything above is a data error. */
const MAX_MINUTES = 24 * 60;

/** A pincode the storefront delivers to, with the delivery time of the store serving it. */
export interface ServedArea {
  pincode: string;
  area: string;
  city: string;
  minutes: number;
}

/** The area the header shows first: PUBLIC_DEFAULT_PINCODE's when served, else the lowest pincode served, else null. */
export function defaultServedArea(table: readonly ServedArea[], pincode?: string | null): ServedArea | null {
  return (
    table.find((a) => a.pincode === pincode) ??
    table.reduce<ServedArea | null>((low, a) => (low === null || a.pincode < low.pincode ? a : low), null)
  );
}

/** The serviceability table by pincode: every delivery area whose store is active, with its delivery time. */
export function serviceabilityTable(catalogue: Pick<Catalogue, 'stores' | 'delivery_areas'>): ServedArea[] {
  const stores = new Map(catalogue.stores.filter((s) => s.is_active).map((s) => [s.id, s]));
  const out: ServedArea[] = [];
  for (const { pincode, area, city, store_id } of catalogue.delivery_areas) {
    const store = stores.get(store_id);
    if (store) out.push({ pincode, area, city, minutes: store.delivery_time_min ?? DEFAULT_DELIVERY_MINUTES });
  }
  return out.sort((a, b) => (a.pincode < b.pincode ? -1 : a.pincode > b.pincode ? 1 : 0));
}

/** One served area from outside input (the fetched table, browser storage), or null. */
export function readServedArea(row: unknown): ServedArea | null {
  if (!isRecord(row)) return null;
  const pincode = readPincode(row['pincode']);
  const area = readText(row['area'], NAME_MAX);
  const city = readText(row['city'], NAME_MAX);
  const minutes = row['minutes'];
  if (pincode === null || area === null || city === null) return null;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > MAX_MINUTES) return null;
  return { pincode, area, city, minutes };
}

/** The fetched table, checked row by row (a bad row is left out, a repeated pincode keeps its first row). */
export function readServiceabilityTable(value: unknown): ServedArea[] {
  const seen = new Set<string>();
  return (Array.isArray(value) ? value : [])
    .map(readServedArea)
    .filter((area): area is ServedArea => area !== null && !seen.has(area.pincode) && Boolean(seen.add(area.pincode)));
}

export type PincodeLookup =
  | { kind: 'served'; area: ServedArea }
  | { kind: 'not-served'; pincode: string; nearest: ServedArea[] }
  | { kind: 'invalid'; message: string };

/** The message for text that is not a pincode; `example` is a pincode of the shop's own city (the lowest it serves). */
const PINCODE_PROBLEMS: Record<PincodeProblem, (example: string) => string> = {
  missing: () => 'Enter a 6-digit pincode',
  'not digits': (example) => `A pincode has digits only, like ${example}`,
  'wrong length': (example) => `A pincode has exactly 6 digits, like ${example}`,
  'leading zero': () => 'A pincode cannot start with 0',
};

/**
 * The served areas nearest to `pincode` by numeric distance (ties: the lower): pincodes are allotted by region and
 * district, so close numbers are usually close places. A shortcut: the table has no coordinates.
 */
export function nearestServed(table: readonly ServedArea[], pincode: string, count = NEAREST_COUNT): ServedArea[] {
  const target = Number(pincode);
  return [...table]
    .sort((a, b) => Math.abs(Number(a.pincode) - target) - Math.abs(Number(b.pincode) - target) || Number(a.pincode) - Number(b.pincode))
    .slice(0, count);
}

/** Answers a shopper's pincode (typed text or a saved address's) against the table. */
export function lookupPincode(table: readonly ServedArea[], input: unknown): PincodeLookup {
  const parsed = parsePincode(input);
  if (!parsed.ok) return { kind: 'invalid', message: PINCODE_PROBLEMS[parsed.reason](defaultServedArea(table)?.pincode ?? '110001') };
  const area = table.find((a) => a.pincode === parsed.pincode);
  if (area) return { kind: 'served', area };
  return { kind: 'not-served', pincode: parsed.pincode, nearest: nearestServed(table, parsed.pincode) };
}

export function notServedMessage(pincode: string): string {
  return `We don't deliver to ${pincode} yet`;
}

export function deliveryPromise(minutes: number): string {
  return `Delivery in ${shortPromise(minutes)}`;
}

/** The promise on small screens. */
export function shortPromise(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'min' : 'mins'}`;
}

/** "Sector 14, Gurgaon", as the stores and shops screens name the place. */
export function areaPlace(area: Pick<ServedArea, 'area' | 'city'>): string {
  return `${area.area}, ${area.city}`;
}

/** The header's location line when the catalogue delivers nowhere yet. */
export const NO_AREA_LINE = 'Choose your delivery area';

/** The header's location line: "Sector 14, Gurgaon - 122001". */
export function areaLine(area: ServedArea): string {
  return `${areaPlace(area)} - ${area.pincode}`;
}

/**
 * Why checkout refuses a postal code, or null (blank is optional in the spec). When the table cannot be read the
 * order goes through: refusing every order offline would be worse than an unchecked area.
 */
export async function checkoutPincodeProblem(loadTable: () => Promise<readonly ServedArea[]>, postalCode: string): Promise<string | null> {
  if (postalCode.trim() === '') return null;
  const table = await loadTable().catch(() => null);
  if (!table) return null;
  const answer = lookupPincode(table, postalCode);
  if (answer.kind === 'invalid') return `Postal code: ${answer.message}`;
  if (answer.kind === 'served') return null;
  const near = answer.nearest[0];
  return `${notServedMessage(answer.pincode)}. ${near ? `Nearest area we deliver to: ${areaLine(near)}.` : 'Choose another address.'}`;
}
