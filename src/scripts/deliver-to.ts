/**
 * The "Deliver to" dialog's behaviour (markup in src/components/DeliverTo.astro), loaded on first use: a typed
 * pincode or a saved address is answered from the serviceability table; a served one becomes the delivery area
 * (persisted, shown in the header), a refused one says why, an unserved one lists the nearest served areas.
 */
import {
  areaLine,
  DEFAULT_AREA,
  deliveryPromise,
  lookupPincode,
  notServedMessage,
  shortPromise,
  type ServedArea,
} from '../lib/delivery-area.ts';
import { $deliveryArea, chooseDeliveryArea, loadServiceabilityTable, refreshDeliveryArea } from '../stores/delivery.ts';
// Already loaded by every page (the cart badge). Importing it here keeps the field rules and nanostores inside the
// cart chunk: without it the bundler splits them into chunks of their own, and every page pays about 0.5 KB more.
import '../stores/cart.ts';

/** Shown when the table cannot be read (offline before the service worker saved it, or a failed request). */
export const TABLE_UNAVAILABLE = 'We could not check pincodes right now. Please try again.';

/** Clears the last answer before the dialog opens again; set once the dialog is wired. */
let reset: (() => void) | undefined;

/** Keeps the header's promise and location line in step with the chosen area (the spec's default until one is chosen). */
function showInHeader(area: ServedArea): void {
  for (const [selector, text] of [
    ['[data-deliver-promise]', deliveryPromise(area.minutes)],
    ['[data-deliver-short]', shortPromise(area.minutes)],
    ['[data-deliver-line]', areaLine(area)],
  ] as const) {
    for (const element of document.querySelectorAll(selector)) element.textContent = text;
  }
}

function wire(opener: HTMLButtonElement, dialog: HTMLDialogElement): (() => void) | undefined {
  const form = dialog.querySelector<HTMLFormElement>('[data-deliver-form]');
  const input = dialog.querySelector<HTMLInputElement>('input[name="pincode"]');
  const message = dialog.querySelector<HTMLElement>('[data-deliver-message]');
  const nearest = dialog.querySelector<HTMLElement>('[data-deliver-nearest]');
  const nearestList = dialog.querySelector<HTMLUListElement>('[data-deliver-nearest-list]');
  if (!form || !input || !message || !nearest || !nearestList) return;

  const say = (text: string, invalid: boolean, areas: readonly ServedArea[] = []) => {
    message.textContent = text;
    message.className = invalid ? 'font-medium text-red-700 dark:text-red-300' : '';
    input.setAttribute('aria-invalid', String(invalid));
    nearestList.replaceChildren(
      ...areas.map((area) => {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className =
          'w-full rounded-lg border border-gray-300 px-3 py-2 text-left text-sm hover:border-brand-600 dark:border-gray-700';
        button.textContent = `${areaLine(area)} · ${shortPromise(area.minutes)}`;
        button.addEventListener('click', () => void check(area.pincode));
        item.append(button);
        return item;
      }),
    );
    nearest.hidden = areas.length === 0;
  };

  const check = async (value: string) => {
    input.value = value;
    let table: ServedArea[];
    try {
      table = await loadServiceabilityTable();
    } catch (error) {
      console.error('Unable to load the delivery areas', error);
      say(TABLE_UNAVAILABLE, false);
      return;
    }
    const answer = lookupPincode(table, value);
    if (answer.kind === 'invalid') {
      say(answer.message, true);
      input.focus();
    } else if (answer.kind === 'not-served') {
      say(notServedMessage(answer.pincode), false, answer.nearest);
    } else {
      chooseDeliveryArea(answer.area);
      dialog.close();
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void check(input.value);
  });
  for (const button of dialog.querySelectorAll<HTMLButtonElement>('[data-deliver-pincode]')) {
    button.addEventListener('click', () => void check(button.dataset['deliverPincode'] ?? ''));
  }
  dialog.querySelector<HTMLButtonElement>('[data-deliver-close]')?.addEventListener('click', () => dialog.close());
  // Focus back to the location line (browsers without the dialog's own focus return included).
  dialog.addEventListener('close', () => opener.focus());

  $deliveryArea.subscribe((area) => showInHeader(area ?? DEFAULT_AREA));
  refreshDeliveryArea().catch((error: unknown) => console.error('Unable to check the stored delivery area', error));
  return () => {
    say('', false);
    input.value = '';
  };
}

/** Wires the dialog once, and opens it when `open` (a click on the location line). */
export function startDeliverTo(open: boolean): void {
  const opener = document.querySelector<HTMLButtonElement>('[data-deliver-to]');
  const dialog = document.querySelector<HTMLDialogElement>('[data-deliver-dialog]');
  if (!opener || !dialog) return;
  reset ??= wire(opener, dialog);
  if (open && !dialog.open) {
    reset?.();
    dialog.showModal();
  }
}
