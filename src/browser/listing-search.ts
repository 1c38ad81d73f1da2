// Search and sort over a whole listing (loaded on first use by listing.ts), with the cards taken from the pre-rendered pages.
import { LISTING_PAGE_SIZE, showingLine, type ListingIndex, type ListingSort } from '../lib/listing.ts';
import { orderListing, readListingIndex } from '../lib/listing-order.ts';

/** How long typing must pause before the result count is announced. */
const ANNOUNCE_AFTER_MS = 400;

/** What the listing element lends the search: its index URL, its pages' cards and its parts. */
export interface ListingHost {
  index: string;
  page(n: number): Promise<HTMLElement[]>;
  list(): HTMLElement | null;
  more(): HTMLButtonElement | null;
  pager(): HTMLElement | null;
  showing(text: string): void;
  empty(isEmpty: boolean): void;
  say(text: string): void;
}

/** The search and sort state of one listing. */
export class ListingSearch {
  #host: ListingHost;
  #index: Promise<ListingIndex> | undefined;
  #order: number[] = [];
  #shown = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ListingHost) {
    this.#host = host;
  }

  #load(): Promise<ListingIndex> {
    this.#index ??= fetch(this.#host.index, { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((body) => readListingIndex(body) ?? Promise.reject(new Error('not a listing index')));
    this.#index.catch(() => (this.#index = undefined));
    return this.#index;
  }

  /** Starts loading the index (the shopper has reached for the search box or the sort). */
  warm(): void {
    this.#load().catch(() => {});
  }

  /** Shows the first matches of `query` in `sort` order; `current` says whether the shopper's input is still this one. */
  async show(query: string, sort: ListingSort, current: () => boolean): Promise<void> {
    const index = await this.#load();
    if (!current()) return;
    this.#order = orderListing(index.rows, query, sort);
    this.#shown = 0;
    await this.#render(index.pageSize, current, true);
  }

  /** "Show more": the next batch of matches, focus on the first of them. */
  async more(): Promise<void> {
    const more = this.#host.more();
    if (!more || more.disabled) return;
    more.disabled = true;
    try {
      const index = await this.#load();
      await this.#render(index.pageSize, () => true, false);
    } catch {
      this.#host.say('Could not load more products. Check your connection and try again.');
    } finally {
      more.disabled = false;
    }
  }

  async #render(pageSize: number, current: () => boolean, fresh: boolean): Promise<void> {
    const list = this.#host.list();
    const more = this.#host.more();
    if (!list || !more) return;
    const order = this.#order;
    const wanted = order.slice(this.#shown, this.#shown + LISTING_PAGE_SIZE);
    const numbers = [...new Set(wanted.map((p) => Math.floor(p / pageSize) + 1))];
    const byPage = new Map(await Promise.all(numbers.map(async (n) => [n, await this.#host.page(n)] as const)));
    if (!current()) return;
    // A card may be on show twice (browse and search): each place gets its own copy.
    const items = wanted.flatMap((p) => {
      const item = byPage.get(Math.floor(p / pageSize) + 1)?.[p % pageSize];
      return item ? [item.cloneNode(true) as HTMLElement] : [];
    });
    if (fresh) list.replaceChildren(...items);
    else list.append(...items);
    this.#shown += wanted.length;
    const pager = this.#host.pager();
    if (pager) pager.hidden = true;
    more.hidden = this.#shown >= order.length;
    this.#host.empty(order.length === 0);
    this.#host.showing(showingLine(1, this.#shown, order.length));
    clearTimeout(this.#timer);
    this.#timer = setTimeout(
      () => this.#host.say(`${order.length} ${order.length === 1 ? 'product' : 'products'} found`),
      ANNOUNCE_AFTER_MS,
    );
    if (!fresh) items[0]?.querySelector<HTMLElement>('a')?.focus();
  }
}
