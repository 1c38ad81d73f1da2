import { persistentAtom } from '@nanostores/persistent';
import { readServedArea, readServiceabilityTable, type ServedArea } from '../lib/delivery-area.ts';

/** Browser storage key of the shopper's delivery area. */
export const DELIVERY_AREA_KEY = 'delivery-area';
/** The build's serviceability table (precached by the service worker, so it answers offline). */
export const SERVICEABILITY_URL = '/data/delivery-areas.json';

let pageDefault: ServedArea | null | undefined;

/** The area the header shows until a shopper picks one: the build's default (src/components/DeliverTo.astro), or null. */
export function pageDefaultArea(): ServedArea | null {
  if (pageDefault === undefined) {
    const text = document.querySelector('[data-deliver-to]')?.getAttribute('data-default-area');
    pageDefault = text ? (decodeDeliveryArea(text) ?? null) : null;
  }
  return pageDefault;
}

/** Reads a stored delivery area; anything unreadable (tampered, old shape) is the default location (undefined). */
export function decodeDeliveryArea(text: string): ServedArea | undefined {
  try {
    return readServedArea(JSON.parse(text)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The shopper's delivery area ("Deliver to"), persisted and kept in step across tabs; undefined: the spec's default. */
export const $deliveryArea = persistentAtom<ServedArea | undefined>(DELIVERY_AREA_KEY, undefined, {
  encode: JSON.stringify,
  decode: decodeDeliveryArea,
});

export function chooseDeliveryArea(area: ServedArea): void {
  $deliveryArea.set({ ...area });
}

/** Back to the spec's default location. */
export function resetDeliveryArea(): void {
  $deliveryArea.set(undefined);
}

let table: Promise<ServedArea[]> | undefined;

/** The serviceability table, fetched once per page (a failed fetch is tried again on the next call). */
export function loadServiceabilityTable(): Promise<ServedArea[]> {
  table ??= fetch(SERVICEABILITY_URL)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${SERVICEABILITY_URL}: HTTP ${response.status}`);
      return readServiceabilityTable(await response.json());
    })
    .catch((error: unknown) => {
      table = undefined;
      throw error;
    });
  return table;
}

/** Re-reads the stored area against the table (storage is user input); one no longer served gives way to the default. */
export async function refreshDeliveryArea(): Promise<void> {
  const chosen = $deliveryArea.get();
  if (!chosen) return;
  const current = (await loadServiceabilityTable()).find((a) => a.pincode === chosen.pincode);
  if (!current) resetDeliveryArea();
  else if (JSON.stringify(current) !== JSON.stringify(chosen)) chooseDeliveryArea(current);
}
