/**
 * Building elements in the browser without markup strings: text goes in as text nodes and attributes as attributes,
 * so catalogue or stored values can never become markup. For UI a page makes on first use (the first render carries
 * none of it).
 */

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

/** A decorative 24×24 stroke icon (hidden from assistive technology) drawn by one path. */
export function strokeIcon(path: string, sizeClass: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  return fill(svg, { 'aria-hidden': 'true', viewBox: '0 0 24 24', class: `${sizeClass} fill-none stroke-current stroke-2` }, [
    fill(document.createElementNS(SVG_NS, 'path'), { d: path }, []),
  ]);
}
