/** The sample definitions as catalogue rows, and synthetic catalogues of any size, deterministic for (size, seed). */
import {
  CATEGORY_DEFS,
  DEFAULT_CLOSINGS,
  FALLBACK_CASES,
  STORE_DEFS,
  DELIVERY_AREA_DEFS,
  type KindDef,
  type ProductRow,
  type SubcategoryDef,
} from './sample-definitions.build.ts';
import { fnv1a } from '../hash.ts';
import type { CatalogueTables, CategoryTableRow, DeliveryAreaTableRow, ProductTableRow, StoreTableRow } from './rows.ts';

/** A generated illustration (under public/): `<kind>`, `category-<id>` or `shop-<type>`. */
const illustration = (name: string): string => `/images/catalogue/${name}.svg`;

/** Percent of synthetic products unavailable, without an image, without a unit, as in the sample. */
const UNAVAILABLE_PERCENT = 5;
const NO_IMAGE_PERCENT = 3;
const NO_UNIT_PERCENT = 3;

/** A URL-safe kebab-case slug: "Lay's Magic Masala 50 g" -> "lays-magic-masala-50-g". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** mulberry32: a small, fast seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Kind extends KindDef {
  readonly key: string;
  readonly categoryId: string;
}

type ParsedRow = ReturnType<typeof parseRow>;

function fail(message: string): never {
  throw new Error(`sample catalogue definitions: ${message}`);
}

function parseRow(row: ProductRow, subcategory: SubcategoryDef, kinds: ReadonlyMap<string, Kind>) {
  const [kindKey, rawName, unit, price, mrp = null, note] = row;
  const kind = kinds.get(kindKey) ?? fail(`unknown kind "${kindKey}" in ${subcategory.id}`);
  const bar = rawName.indexOf('|');
  const brand = bar < 0 ? null : rawName.slice(0, bar).trim();
  const rest = bar < 0 ? rawName.trim() : rawName.slice(bar + 1).trim();
  const name = brand === null ? rest : rest.startsWith('-') ? `${brand}${rest}` : `${brand} ${rest}`;
  if (name === '' || unit.trim() === '') fail(`blank name or unit in ${subcategory.id}`);
  if (!(price > 0) || Math.round(price * 100) !== price * 100) fail(`bad price ${price} for "${name}"`);
  if (mrp !== null && !(mrp >= price)) fail(`mrp ${mrp} below price ${price} for "${name}"`);
  return { subcategory, kind, brand, rest, name, unit, price, mrp, note: note ?? null };
}

let cachedIndex: ReturnType<typeof readIndex> | undefined;
const index = () => (cachedIndex ??= readIndex());

/** The definitions flattened: item types by key, parsed product rows, category rows (parents first). */
function readIndex() {
  const kinds = new Map<string, Kind>();
  for (const cat of CATEGORY_DEFS) {
    for (const [key, def] of Object.entries(cat.kinds)) {
      if (kinds.has(key)) fail(`kind "${key}" defined twice`);
      if (slugify(key) !== key) fail(`kind "${key}" is not kebab-case`);
      kinds.set(key, { ...def, key, categoryId: cat.id });
    }
  }
  const categoryIds = new Set<string>();
  const categories: CategoryTableRow[] = [];
  const subcategories: CategoryTableRow[] = [];
  const rows: ParsedRow[] = [];
  CATEGORY_DEFS.forEach((cat, i) => {
    if (categoryIds.has(cat.id)) fail(`category id "${cat.id}" used twice`);
    categoryIds.add(cat.id);
    categories.push({ id: cat.id, name: cat.name, parent_id: null, sort_order: i, image_url: illustration(`category-${cat.id}`) });
    cat.subcategories.forEach((sub, j) => {
      if (categoryIds.has(sub.id)) fail(`category id "${sub.id}" used twice`);
      if (slugify(sub.id) !== sub.id) fail(`subcategory id "${sub.id}" is not kebab-case`);
      categoryIds.add(sub.id);
      subcategories.push({ id: sub.id, name: sub.name, parent_id: cat.id, sort_order: j, image_url: illustration(`category-${sub.id}`) });
      for (const row of sub.products) rows.push(parseRow(row, sub, kinds));
    });
  });
  return { kinds, rows, categories: [...categories, ...subcategories] };
}

/** Every item type with its category, in definition order. */
export function listKinds(): { key: string; label: string; shape: KindDef['shape']; categoryId: string }[] {
  return [...index().kinds.values()].map(({ key, label, shape, categoryId }) => ({ key, label, shape, categoryId }));
}

/** A product's description: the note or the kind's first sentence, its use, and a closing whose placeholders can be filled. */
function describe(
  kind: KindDef,
  note: string | null,
  subcategory: SubcategoryDef,
  brand: string | null,
  unit: string | null,
  pick: number,
): string {
  const templates = (subcategory.closings ?? DEFAULT_CLOSINGS[subcategory.storage]).filter(
    (t) => (unit !== null || !t.includes('{unit}')) && (brand !== null || !t.includes('{brand}')),
  );
  const closing = (templates[pick % Math.max(templates.length, 1)] ?? '').replace('{unit}', unit ?? '').replace('{brand}', brand ?? '');
  return `${note ?? kind.about} ${kind.use}${closing ? ` ${closing}` : ''}`;
}

function buildStores(): StoreTableRow[] {
  const seen = new Set<string>();
  return STORE_DEFS.map(({ image, ...def }) => {
    const id = slugify(def.name);
    if (seen.has(id)) fail(`store id "${id}" used twice`);
    seen.add(id);
    return { id, ...def, image_url: image ? illustration(`shop-${def.shop_type}`) : null };
  });
}

/** The delivery areas, each naming its store by id. */
function buildDeliveryAreas(stores: readonly StoreTableRow[]): DeliveryAreaTableRow[] {
  const idByName = new Map(stores.map((s) => [s.name, s.id]));
  const seen = new Set<string>();
  return DELIVERY_AREA_DEFS.map((def) => {
    if (seen.has(def.pincode)) fail(`delivery area pincode "${def.pincode}" used twice`);
    seen.add(def.pincode);
    const store_id = idByName.get(def.store) ?? fail(`delivery area ${def.pincode} names unknown store "${def.store}"`);
    return { pincode: def.pincode, area: def.area, city: def.city, store_id };
  });
}

/** The sample catalogue as rows: categories parents first, then subcategories by parent; products in definition order. */
export function buildSampleCatalogue(): CatalogueTables {
  const { rows, categories } = index();
  const unavailable = new Set(FALLBACK_CASES.unavailable);
  const noImage = new Set(FALLBACK_CASES.noImage);
  const noUnit = new Set(FALLBACK_CASES.noUnit);
  const seen = new Set<string>();
  const products: ProductTableRow[] = rows.map((row) => {
    const id = slugify(`${row.name} ${row.unit}`);
    if (seen.has(id)) fail(`product id "${id}" used twice`);
    seen.add(id);
    const unit = noUnit.has(id) ? null : row.unit;
    return {
      id,
      name: row.name,
      price: row.price,
      original_price: row.mrp,
      image_url: noImage.has(id) ? null : illustration(row.kind.key),
      quantity_unit: unit,
      description: describe(row.kind, row.note, row.subcategory, row.brand, unit, fnv1a(`description:${id}`)),
      category_id: row.subcategory.id,
      is_available: !unavailable.has(id),
      brand: row.brand,
    };
  });
  for (const [list, ids] of Object.entries(FALLBACK_CASES)) {
    for (const id of ids) if (!seen.has(id)) fail(`fallbackCases.${list} names unknown product "${id}"`);
  }
  const stores = buildStores();
  return { categories: categories.map((c) => ({ ...c })), products, stores, delivery_areas: buildDeliveryAreas(stores) };
}

/** The catalogue as the committed JSON file; the keys in the order the rows above are built with. */
export function catalogueToJson(catalogue: CatalogueTables): string {
  return `${JSON.stringify(catalogue, null, 2)}\n`;
}

/** A pack size in grams, millilitres or pieces, for scaling prices between pack sizes. */
interface Amount {
  readonly dim: 'g' | 'ml' | 'pcs';
  readonly qty: number;
}

const UNIT_FACTORS: Readonly<Record<string, readonly [Amount['dim'], number]>> = {
  g: ['g', 1],
  kg: ['g', 1000],
  ml: ['ml', 1],
  l: ['ml', 1000],
  pc: ['pcs', 1],
  pcs: ['pcs', 1],
  dozen: ['pcs', 12],
};

/** "500 g" -> 500 g, "1.2 L" -> 1200 ml, "3 x 125 g" -> 375 g, "1 dozen" -> 12 pcs, "1 pc (approx. ...)" -> 1 pcs. */
function parseAmount(unit: string): Amount | null {
  const m = /^(?:(\d+)\s*x\s*)?(\d+(?:\.\d+)?)\s*(kg|g|ml|l|pcs|pc|dozen)\b/i.exec(unit.trim());
  if (!m) return null;
  const factor = UNIT_FACTORS[(m[3] ?? '').toLowerCase()];
  if (!factor) return null;
  const count = m[1] ? Number(m[1]) : 1;
  return { dim: factor[0], qty: count * Number(m[2]) * factor[1] };
}

let cachedPools: ReturnType<typeof readPools> | undefined;
const pools = () => (cachedPools ??= readPools());

/** Each product row as a template, with the brands and the pack sizes seen per kind. */
function readPools() {
  const brands = new Map<string, string[]>();
  const units = new Map<string, { unit: string; amount: Amount | null }[]>();
  const templates = index().rows.map((row) => {
    const amount = parseAmount(row.unit);
    const kindBrands = brands.get(row.kind.key) ?? [];
    if (row.brand !== null && !kindBrands.includes(row.brand)) kindBrands.push(row.brand);
    brands.set(row.kind.key, kindBrands);
    const kindUnits = units.get(row.kind.key) ?? [];
    if (!kindUnits.some((u) => u.unit === row.unit)) kindUnits.push({ unit: row.unit, amount });
    units.set(row.kind.key, kindUnits);
    // `restSlug`: ids are joined from part slugs instead of slugifying each name. `glued`: the rest is glued to the
    // brand ("Parle" + "-G ..."), so neither brand nor prefix may change.
    return { row, amount, fresh: row.subcategory.storage === 'fresh', restSlug: slugify(row.rest), glued: row.rest.startsWith('-') };
  });
  return { templates, brands, units };
}

/** slugify() with memory, for the few hundred distinct brands, variant words and units. */
const partSlugs = new Map<string, string>();
function partSlug(text: string): string {
  const slug = partSlugs.get(text) ?? slugify(text);
  partSlugs.set(text, slug);
  return slug;
}

const FRESH_PREFIXES = ['Premium', 'Farm Fresh', 'Select', 'Organic', 'Hydroponic', 'Handpicked', 'Desi', 'Export Quality'] as const;
const PACKED_PREFIXES = [
  'Classic',
  'Premium',
  'Gold',
  'Select',
  'Everyday',
  'Organic',
  'Special',
  'Pure',
  'Royal',
  'Super',
  'Daily',
  'Signature',
] as const;
const FRESH_SUFFIXES = ['Value Pack', 'Economy Pack', 'Large Size', 'Medium Size', 'Small Size', 'Bulk Pack'] as const;
const PACKED_SUFFIXES = [
  'Value Pack',
  'Family Pack',
  'Combo Pack',
  'Jumbo Pack',
  'Saver Pack',
  'Refill',
  'Mini Pack',
  'Party Pack',
  'Festive Pack',
  'Twin Pack',
] as const;

function pickFrom<T>(list: readonly T[], random: () => number): T | undefined {
  return list[Math.floor(random() * list.length)];
}

/** Box-Muller. */
function gaussian(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Rounds a price the way shelves show them: whole rupees, and ...9 from ₹100 up. */
function shelfPrice(value: number): number {
  const rupees = Math.max(5, Math.round(value));
  return rupees >= 100 ? Math.max(99, Math.round(rupees / 10) * 10 - 1) : rupees;
}

/**
 * A synthetic catalogue of exactly `size` products from the sample's definitions, deterministic for (size, seed): varied brands,
 * variant words and pack sizes, prices log-normal (sigma 0.2) around the scaled base; about 70% with an original price 3-40% above,
 * 15% equal, 15% none; 5% unavailable, 3% each without image or unit. Ids are name and unit slugs, suffixed when one repeats.
 */
export function generateSyntheticCatalogue(size: number, seed = 42): CatalogueTables {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`size must be a whole number >= 0, got ${size}`);
  const { templates, brands, units } = pools();
  const random = mulberry32(seed);
  const ids = new Set<string>();
  const repeats = new Map<string, number>();
  const products: ProductTableRow[] = new Array<ProductTableRow>(size);

  for (let i = 0; i < size; i++) {
    const template = templates[Math.floor(random() * templates.length)] ?? fail('no product rows');
    const { row } = template;
    const kind = row.kind;

    let brand = row.brand;
    const kindBrands = brands.get(kind.key) ?? [];
    if (brand !== null && !template.glued && kindBrands.length > 1 && random() < 0.35) {
      brand = pickFrom(kindBrands, random) ?? brand;
    }

    // The name is [brand] [prefix] rest[, suffix]; its slug is joined from the parts' slugs
    // (slugify of a space- or comma-joined text equals the hyphen-joined slugs of its parts).
    let base = row.rest;
    let slug = template.restSlug;
    const variant = random();
    if (variant < 0.45 && !template.glued) {
      const prefix = pickFrom(template.fresh ? FRESH_PREFIXES : PACKED_PREFIXES, random) ?? '';
      if (!base.toLowerCase().includes(prefix.toLowerCase())) {
        base = `${prefix} ${base}`;
        slug = `${partSlug(prefix)}-${slug}`;
      }
    }
    if (variant >= 0.3 && variant < 0.65) {
      const suffix = pickFrom(template.fresh ? FRESH_SUFFIXES : PACKED_SUFFIXES, random) ?? 'Value Pack';
      base = `${base}, ${suffix}`;
      slug = `${slug}-${partSlug(suffix)}`;
    }
    const name = brand === null ? base : template.glued ? `${brand}${base}` : `${brand} ${base}`;
    if (brand !== null) slug = `${partSlug(brand)}-${slug}`;

    let unit = row.unit;
    let scale = 1;
    const kindUnits = units.get(kind.key) ?? [];
    if (kindUnits.length > 1 && random() < 0.4) {
      const other = pickFrom(kindUnits, random);
      if (other) {
        unit = other.unit;
        const from = template.amount;
        const to = other.amount;
        scale = from && to && from.dim === to.dim && from.qty > 0 ? (to.qty / from.qty) ** 0.92 : 1;
      }
    }

    const price = shelfPrice(row.price * scale * Math.exp(0.2 * gaussian(random)));
    const mrpDraw = random();
    const original_price = mrpDraw < 0.15 ? null : mrpDraw < 0.3 ? price : Math.max(price + 1, Math.ceil(price * (1.03 + random() * 0.37)));

    slug = `${slug}-${partSlug(unit)}`;
    let id = slug;
    if (ids.has(id)) {
      let n = repeats.get(slug) ?? 1;
      do id = `${slug}-${++n}`;
      while (ids.has(id));
      repeats.set(slug, n);
    }
    ids.add(id);

    const availabilityDraw = random();
    const shownUnit = random() < NO_UNIT_PERCENT / 100 ? null : unit;
    products[i] = {
      id,
      name,
      price,
      original_price,
      image_url: random() < NO_IMAGE_PERCENT / 100 ? null : illustration(kind.key),
      quantity_unit: shownUnit,
      // A row's note describes that very product, so it only fits when brand and pack size were kept.
      description: describe(
        kind,
        brand === row.brand && unit === row.unit ? row.note : null,
        row.subcategory,
        brand,
        shownUnit,
        Math.floor(random() * 1024),
      ),
      category_id: row.subcategory.id,
      is_available: availabilityDraw >= UNAVAILABLE_PERCENT / 100,
      brand,
    };
  }

  const stores = buildStores();
  return { categories: index().categories.map((c) => ({ ...c })), products, stores, delivery_areas: buildDeliveryAreas(stores) };
}
