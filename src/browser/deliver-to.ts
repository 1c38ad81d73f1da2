// The "Deliver to" dialog (opener: DeliverTo.astro), made on first use; a pincode is answered from the serviceability table.
import { sampleAddresses } from '../data/profile.ts';
import {
  areaLine,
  DEFAULT_DELIVERY_MINUTES,
  deliveryPromise,
  lookupPincode,
  NO_AREA_LINE,
  notServedMessage,
  shortPromise,
  type ServedArea,
} from '../lib/delivery-area.ts';
import { $deliveryArea, chooseDeliveryArea, loadServiceabilityTable, pageDefaultArea, refreshDeliveryArea } from '../stores/delivery.ts';
// Already loaded by every page (the cart badge). Importing it here keeps the field rules and nanostores inside the
// cart chunk: without it the bundler splits them into chunks of their own, and every page pays about 0.5 KB more.
import '../stores/cart.ts';
import { h, icon } from './dom.ts';

/** Shown when the table cannot be read (offline before the service worker saved it, or a failed request). */
export const TABLE_UNAVAILABLE = 'We could not check pincodes right now. Please try again.';

/** A quick pick in the dialog: a saved address or a nearest served area. */
const PICK = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-left text-sm hover:border-brand-600 dark:border-gray-700';

/** The dialog, appended to the page the first time it is needed, with the parts `wire` works on. */
function createDialog() {
  const input = h('input', {
    id: 'deliver-to-pincode',
    name: 'pincode',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'postal-code',
    maxlength: '12',
    'aria-describedby': 'deliver-to-message',
    class: 'min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 py-2 text-base dark:border-gray-700 dark:bg-gray-900',
  });
  const message = h('p', { 'data-deliver-message': true });
  const nearestList = h('ul', { 'data-deliver-nearest-list': true, class: 'mt-2 space-y-2' });
  const nearest = h(
    'div',
    { 'data-deliver-nearest': true, hidden: true },
    h('p', { class: 'mt-1' }, 'Nearest areas we deliver to:'),
    nearestList,
  );
  const form = h(
    'form',
    { 'data-deliver-form': true, novalidate: true, class: 'mt-3' },
    h('label', { for: 'deliver-to-pincode', class: 'text-sm font-medium' }, 'Pincode'),
    h(
      'div',
      { class: 'mt-1 flex gap-2' },
      input,
      h('button', { type: 'submit', class: 'rounded-lg bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-800' }, 'Check'),
    ),
    h('div', { id: 'deliver-to-message', 'aria-live': 'polite', class: 'mt-2 text-sm' }, message, nearest),
  );
  const close = h(
    'button',
    {
      type: 'button',
      'data-deliver-close': true,
      'aria-label': 'Close',
      class: 'grid size-10 place-items-center rounded-full hover:bg-gray-100 dark:hover:bg-gray-800',
    },
    icon('close'),
  );
  const dialog = h(
    'dialog',
    {
      'data-deliver-dialog': true,
      'aria-labelledby': 'deliver-to-title',
      class:
        'm-auto w-full max-w-md rounded-2xl bg-white p-5 text-gray-900 shadow-lg backdrop:bg-black/50 dark:bg-gray-900 dark:text-gray-100',
    },
    h(
      'div',
      { class: 'flex items-center justify-between gap-3' },
      h('h2', { id: 'deliver-to-title', class: 'text-lg font-bold' }, 'Deliver to'),
      close,
    ),
    form,
    h('h3', { class: 'mt-4 text-sm font-bold' }, 'Saved addresses'),
    h(
      'ul',
      { class: 'mt-2 space-y-2' },
      ...sampleAddresses(pageDefaultArea()).map((address) =>
        h(
          'li',
          {},
          h(
            'button',
            { type: 'button', 'data-deliver-pincode': address.pincode, class: PICK },
            h('span', { class: 'block font-medium' }, address.label),
            h(
              'span',
              { class: 'block text-xs text-gray-600 dark:text-gray-300' },
              `${address.address}, ${address.city}, ${address.pincode}`,
            ),
          ),
        ),
      ),
    ),
  );
  document.body.append(dialog);
  return { dialog, form, input, message, nearest, nearestList, close };
}

/** The dialog once made and wired, and what clears its last answer before it opens again. */
let made: { dialog: HTMLDialogElement; reset: () => void } | undefined;

/** Keeps the header's promise and location line in step with the chosen area (the build's default until one is chosen). */
function showInHeader(area: ServedArea | null): void {
  const minutes = area?.minutes ?? DEFAULT_DELIVERY_MINUTES;
  for (const [selector, text] of [
    ['[data-deliver-promise]', deliveryPromise(minutes)],
    ['[data-deliver-short]', shortPromise(minutes)],
    ['[data-deliver-line]', area ? areaLine(area) : NO_AREA_LINE],
  ] as const) {
    for (const element of document.querySelectorAll(selector)) element.textContent = text;
  }
}

function wire(opener: HTMLButtonElement, parts: ReturnType<typeof createDialog>): () => void {
  const { dialog, form, input, message, nearest, nearestList, close } = parts;
  const say = (text: string, invalid: boolean, areas: readonly ServedArea[] = []) => {
    message.textContent = text;
    message.className = invalid ? 'font-medium text-red-700 dark:text-red-300' : '';
    input.setAttribute('aria-invalid', String(invalid));
    nearestList.replaceChildren(
      ...areas.map((area) => {
        const button = h('button', { type: 'button', class: PICK }, `${areaLine(area)} · ${shortPromise(area.minutes)}`);
        button.addEventListener('click', () => void check(area.pincode));
        return h('li', {}, button);
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
  close.addEventListener('click', () => dialog.close());
  // Focus back to the location line (browsers without the dialog's own focus return included).
  dialog.addEventListener('close', () => opener.focus());

  $deliveryArea.subscribe((area) => showInHeader(area ?? pageDefaultArea()));
  refreshDeliveryArea().catch((error: unknown) => console.error('Unable to check the stored delivery area', error));
  return () => {
    say('', false);
    input.value = '';
  };
}

/** Wires the dialog once, and opens it when `open` (a click on the location line). */
export function startDeliverTo(open: boolean): void {
  const opener = document.querySelector<HTMLButtonElement>('[data-deliver-to]');
  if (!opener) return;
  if (!made) {
    const parts = createDialog();
    made = { dialog: parts.dialog, reset: wire(opener, parts) };
  }
  if (open && !made.dialog.open) {
    made.reset();
    made.dialog.showModal();
  }
}
