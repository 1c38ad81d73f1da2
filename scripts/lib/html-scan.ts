/**
 * One built page read for the site checks in two regex passes: its script and style elements, then every attribute the
 * checks look at (the links' and the CSP's together: each pass over a page costs as much as the page's size).
 */

/** A script or style element, as a browser reads it: it ends at its own closing tag. */
const ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
/** A template's inert content: filled in by a script before it is shown (the search page's first page), so its URLs are slots. */
const TEMPLATE = /<template\b[^>]*>[\s\S]*?<\/template\s*>/gi;
/** An attribute naming a URL, or one a hash-only policy blocks (style, on*), with its quoted value when it has one. */
const ATTRIBUTE = /\s(href|src|srcset|imagesrcset|content|style|on[a-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)')?/gi;

export interface PageScan {
  /** The script and style elements: tag name in lower case, the opening tag's attributes, the text. */
  elements: { tag: string; attributes: string; text: string }[];
  /** The quoted values of `href`, `src`, `srcset`, `imagesrcset` and `content` attributes (name in lower case), as written; none of a template's. */
  urls: { name: string; value: string }[];
  /** `style="..."` and `on*=` attributes in tags outside script and style elements (their text may mention the strings). */
  styleAttributes: number;
  eventHandlers: number;
}

export function scanHtml(html: string): PageScan {
  const scan: PageScan = { elements: [], urls: [], styleAttributes: 0, eventHandlers: 0 };
  /** Where each element starts and ends, in page order. */
  const spans: [number, number][] = [];
  for (const match of html.matchAll(ELEMENT)) {
    const [whole, tag = '', attributes = '', text = ''] = match;
    scan.elements.push({ tag: tag.toLowerCase(), attributes, text });
    spans.push([match.index, match.index + whole.length]);
  }
  const templates = [...html.matchAll(TEMPLATE)].map((match): [number, number] => [match.index, match.index + match[0].length]);
  let span = 0;
  let template = 0;
  for (const match of html.matchAll(ATTRIBUTE)) {
    const name = (match[1] as string).toLowerCase();
    const value = match[2] ?? match[3];
    if (name !== 'style' && !name.startsWith('on')) {
      while (template < templates.length && (templates[template] as [number, number])[1] <= match.index) template++;
      const inTemplate = template < templates.length && (templates[template] as [number, number])[0] <= match.index;
      if (value !== undefined && !inTemplate) scan.urls.push({ name, value });
      continue;
    }
    const at = match.index;
    while (span < spans.length && (spans[span] as [number, number])[1] <= at) span++;
    if (span < spans.length && (spans[span] as [number, number])[0] <= at) continue;
    // Inside a tag only (text may mention the strings): the last `<` before it comes after the last `>`.
    if (html.lastIndexOf('<', at) <= html.lastIndexOf('>', at)) continue;
    if (name === 'style') scan.styleAttributes++;
    else scan.eventHandlers++;
  }
  return scan;
}
