// Loads page scripts, the full sheet (where the page has one) and Astro's island runtime once the first screen has
// painted (issue 12); earlier taps and form sends are replayed. Why: docs/architecture.md, "After the first paint".

/** The script type the build gives page scripts (not run by browsers, so not fetched either). */
export const AFTER_PAINT_TYPE = 'thela/after-paint';

/** The latest start, from when the HTML was read: a first screen whose images crawl in must not hold the scripts back for long. */
const START_BY_MS = 2500;

/** What tells us the shopper is about to use the page. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

const root = () => document.documentElement;

function linkTo(rel: string, href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  return link;
}

/** Settles once `element` has loaded (or failed to). */
function loaded(element: HTMLLinkElement | HTMLScriptElement): Promise<void> {
  return new Promise((settle) => {
    element.onload = element.onerror = () => settle();
  });
}

/** Loads one page script as a module; settles once it has run (or failed to load). */
function loadModule(src: string): Promise<void> {
  const script = document.createElement('script');
  script.type = 'module';
  script.src = src;
  const ran = loaded(script);
  document.head.append(script);
  return ran;
}

/** Calls `callback` once the first contentful paint is presented (rasterising images can take long), at once without paint timing. */
function afterFirstContentfulPaint(callback: () => void): void {
  // Older browsers have no PerformanceObserver, or one without supportedEntryTypes.
  const entryTypes: readonly string[] | undefined =
    typeof PerformanceObserver === 'undefined' ? undefined : PerformanceObserver.supportedEntryTypes;
  if (!entryTypes?.includes('paint')) {
    callback();
    return;
  }
  // `buffered`: a paint reported before this call is delivered too.
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Taps a held button again, or sends a held form again, once the island around it (if any) has hydrated. */
function again(early: HTMLButtonElement | HTMLFormElement): void {
  const island = early.closest('astro-island[ssr]');
  if (island) island.addEventListener('astro:hydrate', () => again(early), { once: true });
  // A form no longer in the page is not sent (requestSubmit does nothing then).
  else if (early instanceof HTMLFormElement) early.requestSubmit();
  else if (early.isConnected && !early.disabled) early.click();
}

/** Starts the after-paint loading at the right moment. Once per page. */
export function startAfterFirstPaint(): void {
  const early: Array<HTMLButtonElement | HTMLFormElement> = [];
  let started = false;

  const holdTap = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // Only buttons that do nothing without a script: not a form's submit, not a popover's or a dialog's control.
    if (!button || button.type !== 'button' || button.disabled || button.hasAttribute('popovertarget') || button.hasAttribute('commandfor'))
      return;
    event.stopImmediatePropagation();
    early.push(button);
    start();
  };

  // A form without an action is sent by its script alone: sent before that script runs, the browser would load this
  // page again with the fields in its URL (a name, a phone number). It waits for its script instead.
  const holdSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!early.includes(form)) early.push(form);
    start();
  };

  const start = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) removeEventListener(type, start, true);
    root().dataset.scripts = 'started';

    const sources = new Set<string>();
    for (const script of document.querySelectorAll(`script[type="${AFTER_PAINT_TYPE}"][src]`))
      sources.add(script.getAttribute('src') ?? '');
    sources.delete('');
    // The scripts download beside the full sheet and run once it applies, so nothing they draw shows unstyled.
    for (const src of sources) document.head.append(linkTo('modulepreload', src));
    const sheet = document.querySelector<HTMLElement>('noscript[data-sheet]')?.dataset.sheet;
    const styled = sheet ? loaded(document.head.appendChild(linkTo('stylesheet', sheet))) : Promise.resolve();

    void styled
      .then(() => Promise.all([...sources].map(loadModule)))
      .then(() => {
        removeEventListener('click', holdTap, true);
        removeEventListener('submit', holdSubmit, true);
        root().dataset.scripts = 'ready';
        for (const held of early) again(held);
      });
  };

  addEventListener('click', holdTap, true);
  addEventListener('submit', holdSubmit, true);
  for (const type of INTENT_EVENTS) addEventListener(type, start, { capture: true, passive: true });
  // Once the page has loaded and its first paint is on screen: then after the next frame (a timeout queued from a
  // frame callback runs once that frame has been drawn), which shows the images that arrived last.
  const afterLoadAndPaint = () => afterFirstContentfulPaint(() => requestAnimationFrame(() => setTimeout(start)));
  if (document.readyState === 'complete') afterLoadAndPaint();
  else addEventListener('load', afterLoadAndPaint, { once: true });
  setTimeout(start, START_BY_MS);
}
