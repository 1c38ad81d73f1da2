// Elements built without markup strings, so catalogue or stored values never become markup.

import { ICONS, type IconName } from '../data/icons.ts';

type Child = Node | string;
type Attributes = Readonly<Record<string, string | true>>;

const SVG_NS = 'http://www.w3.org/2000/svg';

function fill<E extends Element>(element: E, attributes: Attributes, children: readonly Child[]): E {
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value === true ? '' : value);
  element.append(...children);
  return element;
}

/** An HTML element with `attributes` (true = present and empty) and `children` (strings become text). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: readonly Child[]
): HTMLElementTagNameMap[K] {
  return fill(document.createElement(tag), attributes, children);
}

/** One of the site's icons (src/data/icons.ts), decorative, as Icon.astro draws it. */
export function icon(name: IconName, className = 'size-5 stroke-2'): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const attributes = {
    'aria-hidden': 'true',
    viewBox: '0 0 24 24',
    class: `shrink-0 fill-none stroke-current ${className}`,
  };
  return fill(svg, attributes, [fill(document.createElementNS(SVG_NS, 'path'), { d: ICONS[name] }, [])]);
}

/** The small round close button of a notice (toasts, the new-version prompt), named `label`. */
export function dismissButton(label: string): HTMLButtonElement {
  const classes = '-m-1 grid size-8 shrink-0 place-items-center rounded-full hover:bg-black/10 dark:hover:bg-white/10';
  return h('button', { type: 'button', 'aria-label': label, class: classes }, icon('close', 'size-4 stroke-2'));
}
