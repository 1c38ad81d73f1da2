/**
 * The late sheet: what a page type's first-paint sheet lacks of the full sheet, for the loader to add after the first
 * paint (src/browser/after-paint.ts) instead of the whole full sheet.
 *
 * Why: adding a stylesheet makes Chromium restyle the elements its rules could match. The full sheet has universal
 * rules (Tailwind's preflight, the `:root` theme), `@property` registrations and cascade layers, each of which makes
 * it restyle every element: about 50 ms on home on a fast machine, four times that on Lighthouse's phone, all in one
 * task after the first paint. A late sheet holds only class rules, unlayered, so Chromium restyles only the elements
 * carrying one of its classes (the rows below the fold, what scripts draw later).
 *
 * The same computed styles as the full sheet, by construction:
 * - theme values are written in place (`var(--color-gray-900)` becomes its colour), since the first-paint sheet keeps
 *   only the theme values it reads; Tailwind's own properties (`--tw-*`) are initialised by every first-paint sheet
 *   (`withAllProperties` in first-paint.ts) and their registrations are left out, as the first-paint sheet does;
 * - unlayered rules beat the first-paint sheet's layered utilities whatever their order or specificity. So a
 *   first-paint rule that the full sheet lets win over a late rule setting the same property (a later `dark:` or `md:`
 *   variant, a longhand after its shorthand, a more specific selector) is written into the late sheet again after it:
 *   a "keeper". Two plain class rules setting exactly the same properties (`mt-1` and `mt-2`) are not: an element with
 *   both is a mistake Tailwind itself leaves to sheet order.
 * - rules of the full sheet's base layer that the first-paint sheet lacks are only those of elements no page draws
 *   (`UNDRAWN_PREFLIGHT` in first-paint.ts, checked by tests/unit/first-paint.test.ts); any other stops the build.
 */
import * as csstree from 'css-tree';
import properties from 'mdn-data/css/properties.json' with { type: 'json' };
import { calculate, compare } from 'specificity';

/** One style rule of a sheet, flattened out of its `@layer`, `@media` and `@supports` blocks. */
interface FlatRule {
  /** The enclosing `@media` / `@supports` preludes, outermost first. */
  conditions: string[];
  layer: string | null;
  selector: string;
  /** The declaration block, theme values written in place, as css-tree prints it. */
  block: string;
  /** Position in its sheet. */
  order: number;
  /** The longhands it sets, physical sides, prefixed with the pseudo-element it styles if any ("::placeholder|color"). */
  sets: Set<string>;
  /** Property names as written, sorted: "plain rules setting exactly the same properties". */
  written: string;
  /** Specificity of each selector of its list. */
  specificity: { A: number; B: number; C: number }[];
}

/** A sheet taken apart: its style rules, and its other at-rules (keyframes, registrations) as printed. */
interface FlatSheet {
  rules: FlatRule[];
  atRules: string[];
}

/** Tailwind's theme layer: its custom properties and their values, as css-tree prints them. */
function themeValues(ast: csstree.CssNode): Map<string, string> {
  const values = new Map<string, string>();
  csstree.walk(ast, {
    visit: 'Atrule',
    enter(node) {
      if (node.name !== 'layer' || !node.block || !node.prelude || csstree.generate(node.prelude) !== 'theme') return;
      csstree.walk(node.block, {
        visit: 'Declaration',
        enter(declaration) {
          // Custom property values are kept raw; parsed again as a value they print as the rules' values do.
          values.set(declaration.property, csstree.generate(csstree.parse(csstree.generate(declaration.value), { context: 'value' })));
        },
      });
    },
  });
  return values;
}

/** A declaration block with every `var(--theme-value)` replaced by the value (values may read other values). */
function withThemeValues(block: string, theme: ReadonlyMap<string, string>): string {
  let text = block;
  for (let pass = 0; pass < 4 && text.includes('var(--'); pass++) {
    text = text.replace(/var\((--[\w-]+)\)/g, (reference, name: string) => theme.get(name) ?? reference);
  }
  return csstree.generate(csstree.parse(text, { context: 'block' }));
}

/** Shorthands whose longhands mdn-data does not list (CSS Text 4 made `white-space` one). */
const MORE_LONGHANDS: Record<string, string[]> = { 'white-space': ['white-space-collapse', 'text-wrap-mode'] };
const CORNERS: Record<string, string> = {
  'start-start': 'top-left',
  'start-end': 'top-right',
  'end-start': 'bottom-left',
  'end-end': 'bottom-right',
};

/** A longhand's physical name on this left-to-right, horizontal site (`margin-inline-start` is `margin-left`). */
function physical(longhand: string): string {
  return longhand
    .replace(
      /^border-(start|end)-(start|end)-radius$/,
      (_all, a: string, b: string) => `border-${CORNERS[`${a}-${b}`] ?? `${a}-${b}`}-radius`,
    )
    .replace(/^inset-inline-start$/, 'left')
    .replace(/^inset-inline-end$/, 'right')
    .replace(/^inset-block-start$/, 'top')
    .replace(/^inset-block-end$/, 'bottom')
    .replace(/-inline-start\b/, '-left')
    .replace(/-inline-end\b/, '-right')
    .replace(/-block-start\b/, '-top')
    .replace(/-block-end\b/, '-bottom');
}

const mdn = properties as Record<string, { computed?: string[] | string } | undefined>;

/** The longhands a property sets (itself when it is one), physical, without vendor prefix. */
export function longhandsOf(property: string, into = new Set<string>()): Set<string> {
  if (property.startsWith('--')) return into.add(property);
  const name = property.replace(/^-(?:webkit|moz|ms)-/, '');
  const computed = mdn[name]?.computed;
  const parts = MORE_LONGHANDS[name] ?? (Array.isArray(computed) && !(computed.length === 1 && computed[0] === name) ? computed : null);
  if (!parts) return into.add(physical(name));
  for (const part of parts) longhandsOf(part, into);
  return into;
}

/** The pseudo-element a selector styles ("::placeholder"), or "" for the element itself. */
function styledPart(selector: csstree.CssNode): string {
  let part = '';
  csstree.walk(selector, {
    enter(node: csstree.CssNode) {
      if (node.type === 'PseudoElementSelector') part = `::${node.name}`;
      else if (node.type === 'PseudoClassSelector' && ['before', 'after', 'first-line', 'first-letter'].includes(node.name))
        part = `::${node.name}`;
    },
  });
  return part;
}

/** Takes a sheet apart (`FlatSheet`), theme values written in place with `theme`. */
function flatten(css: string, theme: ReadonlyMap<string, string>): FlatSheet {
  const sheet: FlatSheet = { rules: [], atRules: [] };
  const visit = (children: csstree.List<csstree.CssNode>, conditions: string[], layer: string | null) => {
    children.forEach((node) => {
      if (node.type === 'Rule') {
        const selectors = node.prelude.type === 'SelectorList' ? node.prelude.children.toArray() : [node.prelude];
        const part = styledPart(node.prelude);
        const sets = new Set<string>();
        const written: string[] = [];
        node.block.children.forEach((declaration) => {
          if (declaration.type !== 'Declaration') return;
          written.push(declaration.property);
          for (const longhand of longhandsOf(declaration.property)) sets.add(`${part}|${longhand}`);
        });
        sheet.rules.push({
          conditions,
          layer,
          selector: csstree.generate(node.prelude),
          block: withThemeValues(csstree.generate(node.block), theme),
          order: sheet.rules.length,
          sets,
          written: written.sort().join(','),
          specificity: selectors.map((selector) => calculate(csstree.generate(selector))),
        });
      } else if (node.type === 'Atrule') {
        const prelude = node.prelude ? csstree.generate(node.prelude) : '';
        if (node.name === 'layer' && node.block) visit(node.block.children, conditions, prelude);
        else if ((node.name === 'media' || node.name === 'supports') && node.block)
          visit(node.block.children, [...conditions, `@${node.name} ${prelude}`], layer);
        else if (node.block) sheet.atRules.push(csstree.generate(node));
        // A statement (`@layer a, b;`) declares layer order, which the first-paint sheet has already declared.
      }
    });
  };
  visit((csstree.parse(css) as csstree.StyleSheet).children, [], null);
  return sheet;
}

const ruleKey = (rule: FlatRule) => `${rule.layer ?? ''}|${rule.conditions.join('|')}|${rule.selector}${rule.block}`;
const isPlain = (rule: FlatRule) =>
  rule.conditions.length === 0 && /^\.(?:[\w-]|\\.)+$/.test(rule.selector) && !rule.selector.includes('\\:');

/**
 * True when the full sheet lets `kept` win over `late` on an element both match: they set a common longhand of the
 * same part (the element, or the same pseudo-element), and `kept` is more specific, or as specific and later.
 */
function winsOver(kept: FlatRule, late: FlatRule): boolean {
  if (isPlain(kept) && isPlain(late) && kept.written === late.written) return false;
  if (![...kept.sets].some((longhand) => late.sets.has(longhand))) return false;
  // Any selector of the list may be the one that matches: the strongest of `kept` against the weakest of `late`.
  const strongest = [...kept.specificity].sort(compare).at(-1);
  const weakest = [...late.specificity].sort(compare)[0];
  if (!strongest || !weakest) return true;
  const order = compare(strongest, weakest);
  return order > 0 || (order === 0 && kept.order > late.order);
}

/** A flat rule written out again inside its conditions, unlayered. */
function printed(rule: FlatRule): string {
  return rule.conditions.reduceRight((inner, condition) => `${condition}{${inner}}`, `${rule.selector}${rule.block}`);
}

/** Thrown when a first-paint sheet and the full sheet cannot be reconciled; the message names the rule. */
export class LateSheetError extends Error {}

/** The properties a sheet's properties layer sets on every element. */
const initialisedBy = (sheet: FlatSheet) =>
  new Set(sheet.rules.filter((rule) => rule.layer === 'properties').flatMap((rule) => rule.written.split(',')));

/**
 * The late sheet of each page type: the rules of `full` that the type's first-paint sheet (in `firstPaint`, as
 * inlined) lacks, with the keepers that preserve the full sheet's cascade (see the top of this file). The full sheet
 * is taken apart once for all of them. `undrawnBase` holds the selectors of base rules left out on purpose (elements
 * no page draws).
 */
export function lateSheets<Type extends string>(
  full: string,
  firstPaint: Readonly<Record<Type, string>>,
  undrawnBase: readonly string[] = [],
): Record<Type, string> {
  const theme = themeValues(csstree.parse(full));
  const undrawn = new Set(undrawnBase.map((selector) => csstree.generate(csstree.parse(selector, { context: 'selectorList' }))));
  const whole = flatten(full, theme);
  // The properties the full sheet initialises on every element must be initialised by the first-paint sheet too.
  const needed = initialisedBy(whole);
  const late = (critical: string): string => {
    const first = flatten(critical, theme);
    const inFirst = new Set(first.rules.map(ruleKey));
    const missing: FlatRule[] = [];
    for (const rule of whole.rules) {
      if (inFirst.has(ruleKey(rule)) || rule.layer === 'theme' || rule.layer === 'properties') continue;
      if (rule.layer === 'base') {
        if (undrawn.has(rule.selector)) continue;
        throw new LateSheetError(`the first-paint sheet lacks the base rule ${rule.selector}${rule.block}: add it to the shell's sources`);
      }
      missing.push(rule);
    }
    const keepers = whole.rules.filter(
      (rule) => inFirst.has(ruleKey(rule)) && rule.layer === 'utilities' && missing.some((other) => winsOver(rule, other)),
    );
    const written = new Set([...missing, ...keepers]);
    const firstProperties = initialisedBy(first);
    for (const rule of missing) {
      for (const [, name] of rule.block.matchAll(/var\((--tw-[\w-]+)/g)) {
        if (name && needed.has(name) && !firstProperties.has(name)) {
          throw new LateSheetError(`${rule.selector} reads ${name}, which the first-paint sheet does not initialise`);
        }
      }
    }
    const firstAtRules = new Set(first.atRules);
    const keyframes = whole.atRules.filter((rule) => rule.startsWith('@keyframes') && !firstAtRules.has(rule));
    return whole.rules
      .filter((rule) => written.has(rule))
      .map(printed)
      .concat(keyframes)
      .join('');
  };
  return Object.fromEntries(Object.entries<string>(firstPaint).map(([type, critical]) => [type, late(critical)])) as Record<Type, string>;
}

/** The late sheet of one first-paint sheet (`lateSheets` for one page type). */
export function lateSheet(full: string, critical: string, undrawnBase: readonly string[] = []): string {
  return lateSheets(full, { critical }, undrawnBase).critical;
}
