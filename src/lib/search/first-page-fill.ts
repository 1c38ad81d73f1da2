/**
 * The search page's first page, shown before React and Pagefind (README.md, "First pages"): loaded beside the file the head fetched
 * (first-page-start.ts), it fills the templates (SearchFirstPage.tsx: the island's own SearchResults and ProductCard, a slot for every
 * value) with the file's cards; the island then takes the same answer over (`takeFirstPage`). Values go in as text and attributes
 * only, never as markup. No React.
 */
import { cardFace, type CardFace } from '../card-face.ts';
import type { CardProduct } from '../fields.ts';
import { correctedText } from './correction.ts';
import { firstPageKey, readFirstPage, type FirstPage } from './first-page.ts';
import { FIRST_PAGE_ROOT_ID } from './first-page-start.ts';
import { DEFAULT_STATE, resultCount, sameState, serializeSearchState, type SearchState } from './query.ts';

/** A slot of the template: `{{name}}`, or in a list of cards `{{name:3}}` (React keys must differ; the number is ignored). */
export const slot = (name: string, index?: number): string => `{{${name}${index === undefined ? '' : `:${String(index)}`}}}`;
const SLOTS = /\{\{(\w+)(?::\d+)?\}\}/g;
const WHOLE_SLOT = /^\{\{(\w+)(?::\d+)?\}\}$/;

type Values = Record<string, string | null | undefined>;

/** The template's card `index`: its product's and face's every shown value a slot. */
export function slotCard(index: number, available = true): { product: CardProduct; face: CardFace } {
  const at = (name: string) => slot(name, index);
  return {
    product: {
      id: at('id'),
      name: at('name'),
      // A slot where a number goes: only ever written out as text (CartControl's data-price-paise).
      price_paise: at('price_paise') as unknown as number,
      image_url: at('image_url'),
      quantity_unit: at('quantity_unit'),
      category_id: at('category_id'),
      original_price_paise: null,
      is_available: available,
    },
    face: {
      href: at('href'),
      percent: at('percent'),
      unit: at('unit'),
      price: at('price'),
      original: at('original'),
      perUnit: at('perUnit'),
      image: {
        src: at('src'),
        srcSet: at('srcset'),
        sizes: at('sizes'),
        width: at('width') as unknown as number,
        height: at('height') as unknown as number,
      },
    },
  };
}

/** The values of one card's slots (`slotCard`), from what ProductCard itself shows (`cardFace`). */
function cardValues(card: CardProduct, cdnPrefix: string | null): Values {
  const { href, percent, unit, price, original, perUnit, image } = cardFace(card, 'card', cdnPrefix);
  return {
    id: card.id,
    name: card.name,
    price_paise: String(card.price_paise),
    image_url: card.image_url,
    quantity_unit: card.quantity_unit,
    category_id: card.category_id,
    href,
    percent,
    unit,
    price,
    original,
    perUnit,
    src: image.src,
    srcset: image.srcSet,
    sizes: image.sizes,
    width: String(image.width),
    height: String(image.height),
  };
}

/**
 * Writes `values` into the slots under `root`: an attribute that is one slot without a value goes (as React leaves it out), and so
 * does the element around a text slot without one (the discount badge, the struck price, the unit price).
 */
function fillSlots(root: Element, values: Values): void {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of [...element.attributes]) {
      if (!attribute.value.includes('{{')) continue;
      const whole = WHOLE_SLOT.exec(attribute.value);
      if (whole && values[whole[1] as string] == null) element.removeAttribute(attribute.name);
      else attribute.value = attribute.value.replace(SLOTS, (_, name: string) => values[name] ?? '');
    }
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const emptied: Element[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const parent = node.parentElement;
    if (!text.includes('{{')) continue;
    node.nodeValue = text.replace(SLOTS, (_, name: string) => {
      const value = values[name];
      if (value == null && parent) emptied.push(parent);
      return value ?? '';
    });
  }
  for (const element of emptied) element.remove();
}

/** A card's last control: the cart control, or the out-of-stock label in its place (ProductCard). */
const LAST_CONTROL = 'article > div:last-child > :last-child';

/**
 * The first page for the query `q` as the island's SearchResults would render it, from `templates` (SearchFirstPage.tsx). The results
 * template holds the first cards of a list; a card past its last is a copy of its last (ProductList marks only the first few).
 */
function renderFirstPage(templates: ParentNode, page: FirstPage, q: string, cdnPrefix: string | null): HTMLElement | null {
  const results = templates.querySelector<HTMLTemplateElement>('template[data-results]')?.content.firstElementChild?.cloneNode(true);
  const outOfStock = templates.querySelector<HTMLTemplateElement>('template[data-out-of-stock]')?.content.querySelector(LAST_CONTROL);
  const list = results instanceof HTMLElement ? results.querySelector('[data-search-results] ul') : null;
  const last = list?.lastElementChild;
  if (!(results instanceof HTMLElement) || !list || !last || !outOfStock) return null;
  const items = [...list.children];
  while (items.length < page.cards.length) items.push(list.appendChild(last.cloneNode(true) as Element));
  for (const [i, item] of items.entries()) {
    const card = page.cards[i];
    if (!card) {
      item.remove();
      continue;
    }
    if (!card.is_available) item.querySelector(LAST_CONTROL)?.replaceWith(outOfStock.cloneNode(true));
    fillSlots(item, cardValues(card, cdnPrefix));
  }
  const { correction } = page;
  if (!correction) results.querySelector('[data-search-correction]')?.remove();
  fillSlots(results, {
    lead: correction ? 'Showing results for' : 'Results for',
    words: correction ? correctedText(q, correction.changes) : q.trim(),
    count: resultCount(page.total, null, false),
    original: q.trim(),
    exactHref: `/search${serializeSearchState({ ...DEFAULT_STATE, q, exact: true })}`,
  });
  return results;
}

/** Runs `show` once the page's body is parsed. */
function whenParsed(show: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show, { once: true });
  else show();
}

/** What the build writes into the first page's script (first-page-script.build.ts). */
interface FirstPageAssets {
  /** SearchFirstPage.tsx's templates: markup of ours, made at build, never data. */
  templates: string;
  /** Their rules (src/styles/first-page.css): the page's inline sheet has only what the island draws first. */
  css: string;
  /** src/lib/image-cdn.ts's prefix. */
  cdnPrefix: string | null;
}

/** The first page's script: shows the file the head fetched once it and the page are in. */
export function showFirstPage({ templates, css, cdnPrefix }: FirstPageAssets): void {
  const handoff = window.thelaFirstPage;
  if (!handoff) return;
  void handoff.file.then((data) => {
    const page = data === null ? null : readFirstPage(data, handoff.key);
    // None: the head's script has handed over to Pagefind; unreadable: the island searches when it runs.
    if (!page) return;
    whenParsed(() => {
      const root = document.getElementById(FIRST_PAGE_ROOT_ID);
      // Gone: the island has taken the answer over already.
      if (!root) return;
      const holder = document.createElement('template');
      holder.innerHTML = templates;
      const shown = renderFirstPage(holder.content, page, handoff.q, cdnPrefix);
      if (!shown) return;
      // A constructed sheet: the policy's style hashes are for the page's own elements.
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      root.replaceChildren(shown);
    });
  });
}

/** The first page the head's script fetched for `state`, if it asked for one: known (null: none), or still on its way. */
export function takeFirstPage(state: SearchState): FirstPage | null | Promise<FirstPage | null> | undefined {
  const handoff = window.thelaFirstPage;
  if (!handoff || firstPageKey(state.q) !== handoff.key || !sameState(state, { ...DEFAULT_STATE, q: state.q })) return undefined;
  delete window.thelaFirstPage;
  const read = (data: unknown) => (data === null ? null : readFirstPage(data, handoff.key));
  return handoff.loaded ? read(handoff.loaded.data) : handoff.file.then(read);
}

/** The shopper's first touch, key, wheel or scroll on the page. */
export function firstInteraction(): Promise<void> {
  const events = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
  return new Promise((resolve) => {
    const done = () => {
      for (const type of events) removeEventListener(type, done, true);
      resolve();
    };
    for (const type of events) addEventListener(type, done, { capture: true, passive: true });
  });
}
