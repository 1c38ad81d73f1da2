// `<thela-listing>` (CategoryView.astro): "Show more" in place, search and sort over every page. Without JS the page links do it all.
import { parseListingSort, showingLine, type ListingSort } from '../lib/listing.ts';
import type { ListingHost, ListingSearch } from './listing-search.ts';

/** Search and sort over the whole listing, loaded when a shopper first reaches for them: browsing never pays for it. */
const loadSearch = () => import('./listing-search.ts');

class ListingElement extends HTMLElement {
  #pages = new Map<number, Promise<HTMLElement[]>>();
  /** Browse mode: the items of the pages shown so far, and the last page shown. */
  #browsed: HTMLElement[] = [];
  #lastShown = 1;
  /** Search or sort mode: the search module once loaded, and whether it holds the grid now. */
  #search: Promise<ListingSearch> | undefined;
  #searching = false;
  #run = 0;

  connectedCallback(): void {
    const list = this.querySelector<HTMLElement>('[data-filter-list]');
    const more = this.querySelector<HTMLButtonElement>('[data-listing-more]');
    const input = this.querySelector<HTMLInputElement>('[data-listing-filter]');
    const sort = this.querySelector<HTMLSelectElement>('[data-listing-sort]');
    if (!list || !more || !input || !sort) return;
    const page = this.#number('page', 1);
    this.#lastShown = page;
    this.#browsed = [...list.querySelectorAll<HTMLElement>(':scope > li')];
    this.#pages.set(page, Promise.resolve(this.#browsed));
    more.hidden = page >= this.#number('lastPage', 1);
    more.addEventListener('click', () => void (this.#searching ? this.#search?.then((search) => search.more()) : this.#morePages()));
    input.addEventListener('input', () => void this.#apply());
    sort.addEventListener('change', () => void this.#apply());
    // Loading the index as soon as the shopper reaches for the controls hides its round trip.
    for (const control of [input, sort])
      control.addEventListener(
        'focus',
        () =>
          void this.#searcher()
            .then((search) => search.warm())
            .catch(() => {}),
        { once: true },
      );
    // A sort chosen before this script ran (it starts after the first paint) wins over the URL's.
    const chosen = parseListingSort(sort.value);
    const wanted = chosen !== 'relevance' ? chosen : parseListingSort(new URLSearchParams(location.search).get('sort'));
    if (wanted !== 'relevance' || input.value) {
      sort.value = wanted;
      void this.#apply();
    }
  }

  #number(key: string, fallback: number): number {
    const n = Number(this.dataset[key]);
    return Number.isInteger(n) && n >= 0 ? n : fallback;
  }

  /** The first page's path ("/category/fruits/"), from the index's ("/category/fruits/listing.json"). */
  #base(): string {
    return (this.dataset['index'] ?? '').replace(/listing\.json$/, '');
  }

  #pageUrl(n: number): string {
    return n === 1 ? this.#base().replace(/\/$/, '') || '/' : `${this.#base()}${n}`;
  }

  /** The cards of page `n`, fetched once. */
  #page(n: number): Promise<HTMLElement[]> {
    let items = this.#pages.get(n);
    if (!items) {
      items = fetch(this.#pageUrl(n), { headers: { Accept: 'text/html' } })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.text();
        })
        .then((html) => {
          const doc = new DOMParser().parseFromString(html, 'text/html');
          return [...doc.querySelectorAll<HTMLElement>('[data-filter-list] > li')].map((li) => document.importNode(li, true));
        });
      items.catch(() => this.#pages.delete(n));
      this.#pages.set(n, items);
    }
    return items;
  }

  /** Says `text` in the live region (`status`) or the "Showing" line. */
  #text(part: 'status' | 'showing', text: string): void {
    const element = this.querySelector<HTMLElement>(`[data-listing-${part}]`);
    if (element) element.textContent = text;
  }

  #failed(): void {
    this.#text('status', 'Could not load more products. Check your connection and try again.');
  }

  /** Browse mode: appends the next pre-rendered page, moves focus to its first card and the URL to its page. */
  async #morePages(): Promise<void> {
    const more = this.querySelector<HTMLButtonElement>('[data-listing-more]');
    const list = this.querySelector<HTMLElement>('[data-filter-list]');
    if (!more || !list || more.disabled) return;
    const next = this.#lastShown + 1;
    more.disabled = true;
    try {
      const items = await this.#page(next);
      list.append(...items);
      this.#browsed.push(...items);
      this.#lastShown = next;
      const start = this.#number('start', 0);
      const line = showingLine(start + 1, start + this.#browsed.length, this.#number('total', 0));
      this.#text('showing', line);
      this.#text('status', line);
      history.replaceState(history.state, '', this.#pageUrl(next));
      this.#pager(next);
      items[0]?.querySelector<HTMLElement>('a')?.focus();
    } catch {
      this.#failed();
    } finally {
      more.disabled = false;
      more.hidden = next >= this.#number('lastPage', 1) && !this.#searching;
    }
  }

  /** Keeps the numbered links in step with the last page shown. */
  #pager(last: number): void {
    const lastPage = this.#number('lastPage', 1);
    const next = this.querySelector<HTMLAnchorElement>('[data-listing-next]');
    const position = this.querySelector<HTMLElement>('[data-listing-position]');
    if (next) {
      next.hidden = last >= lastPage;
      next.href = this.#pageUrl(Math.min(last + 1, lastPage));
    }
    if (position) position.textContent = `Page ${last} of ${lastPage}`;
  }

  /** Search or sort changed: browse mode when both are off, else the search module (loaded on first use) takes over the grid. */
  async #apply(): Promise<void> {
    const input = this.querySelector<HTMLInputElement>('[data-listing-filter]');
    const select = this.querySelector<HTMLSelectElement>('[data-listing-sort]');
    if (!input || !select) return;
    const sort: ListingSort = parseListingSort(select.value);
    const url = new URL(location.href);
    if (sort === 'relevance') url.searchParams.delete('sort');
    else url.searchParams.set('sort', sort);
    history.replaceState(history.state, '', url);
    const run = ++this.#run;
    if (input.value.trim() === '' && sort === 'relevance') {
      this.#searching = false;
      this.#browse();
      return;
    }
    try {
      const search = await this.#searcher();
      if (run !== this.#run) return;
      this.#searching = true;
      await search.show(input.value, sort, () => run === this.#run);
    } catch {
      if (run === this.#run) this.#failed();
    }
  }

  /** The search module's state for this listing, loaded once (again after a failed load). */
  #searcher(): Promise<ListingSearch> {
    this.#search ??= loadSearch().then(({ ListingSearch }) => new ListingSearch(this.#host()));
    this.#search.catch(() => (this.#search = undefined));
    return this.#search;
  }

  /** What the search module may use of the page. */
  #host(): ListingHost {
    return {
      index: this.dataset['index'] ?? '',
      page: (n) => this.#page(n),
      list: () => this.querySelector<HTMLElement>('[data-filter-list]'),
      more: () => this.querySelector<HTMLButtonElement>('[data-listing-more]'),
      pager: () => this.querySelector<HTMLElement>('[data-listing-pager]'),
      showing: (text) => this.#text('showing', text),
      empty: (isEmpty) => this.#empty(isEmpty),
      say: (text) => this.#text('status', text),
    };
  }

  /** Back to the pages as loaded. */
  #browse(): void {
    const list = this.querySelector<HTMLElement>('[data-filter-list]');
    if (!list) return;
    list.replaceChildren(...this.#browsed);
    const start = this.#number('start', 0);
    this.#text('showing', showingLine(start + 1, start + this.#browsed.length, this.#number('total', 0)));
    this.#empty(this.#browsed.length === 0);
    const pager = this.querySelector<HTMLElement>('[data-listing-pager]');
    if (pager) pager.hidden = false;
    const more = this.querySelector<HTMLButtonElement>('[data-listing-more]');
    if (more) more.hidden = this.#lastShown >= this.#number('lastPage', 1);
  }

  #empty(isEmpty: boolean): void {
    const list = this.querySelector<HTMLElement>('[data-filter-list]');
    const empty = this.querySelector<HTMLElement>(`[data-filter-empty="${list?.id ?? ''}"]`);
    if (list) list.hidden = isEmpty;
    if (empty) empty.hidden = !isEmpty;
  }
}

if (!customElements.get('thela-listing')) customElements.define('thela-listing', ListingElement);
