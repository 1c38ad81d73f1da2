/** `npm run catalogue`: writes what derives from src/data/sample-definitions.json, only the files that changed (HELP below). */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORY_DEFS, SHOP_TYPE_COLOURS, type Shape } from '../src/lib/catalogue/sample-definitions.build.ts';
import { buildSampleCatalogue, catalogueToJson, listKinds } from '../src/lib/catalogue/sample.build.ts';
import type { ShopType } from '../src/lib/catalogue/rows.ts';
import { renderSeedSql } from './catalogue/seed-sql.ts';
import { parseCommand } from './lib/cli.ts';
import { escapeMarkup } from '../src/lib/markup.ts';

const HELP = `usage: npm run catalogue [-- --check]
  --check   regenerate in memory; exit 1 if a committed file differs`;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JSON_FILE = 'src/data/sample-catalogue.json';
const IMAGE_DIR = 'public/images/catalogue';
const PLACEHOLDER_FILE = 'public/images/placeholder.svg';
const SEED_FILE = 'supabase/seed.sql';
/** Illustrations are meant to stay small; larger ones are reported. */
const SVG_BUDGET_BYTES = 1200;

/** Mixes `hex` with `target` (0-255 grey level): amount 0 keeps the colour, 1 gives the target. */
function mix(hex: string, target: number, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255]
    .map((v) =>
      Math.round(v + (target - v) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

// Illustrations: flat shapes in the category colour (c), a darker shade (d) and white highlights.

const W = '#fff';
const LABEL = `fill="${W}" fill-opacity=".85"`;

function shapeSvg(shape: Shape, c: string, d: string): string {
  switch (shape) {
    case 'round':
      return `<circle cx="200" cy="182" r="104" fill="${c}"/><ellipse cx="160" cy="142" rx="26" ry="16" fill="${W}" fill-opacity=".35"/><path d="M200 78q2-26 18-40" stroke="${d}" stroke-width="9" fill="none" stroke-linecap="round"/><path d="M212 62q34-30 66-10q-30 28-66 10z" fill="${d}"/>`;
    case 'oval':
      return `<ellipse cx="200" cy="188" rx="130" ry="92" fill="${c}"/><ellipse cx="150" cy="152" rx="30" ry="14" fill="${W}" fill-opacity=".35"/><path d="M200 96q30-40 70-30q-28 34-70 30z" fill="${d}"/>`;
    case 'banana':
      return `<path d="M72 104Q80 304 300 276Q352 268 362 222Q352 212 338 218Q258 250 186 200Q126 160 118 96Q92 84 72 104z" fill="${c}"/><path d="M76 108l-8-40 30 10z" fill="${d}"/><path d="M112 140Q130 232 250 250" stroke="${d}" stroke-width="7" fill="none" stroke-opacity=".35" stroke-linecap="round"/>`;
    case 'grapes':
      return `<path d="M200 92V56" stroke="${d}" stroke-width="9" stroke-linecap="round"/><path d="M206 70q34-26 64-6q-30 24-64 6z" fill="${d}"/><g fill="${c}"><circle cx="140" cy="124" r="34"/><circle cx="200" cy="124" r="34"/><circle cx="260" cy="124" r="34"/><circle cx="170" cy="178" r="34"/><circle cx="230" cy="178" r="34"/><circle cx="200" cy="232" r="34"/></g>`;
    case 'long':
      return `<g transform="rotate(-30 200 185)"><rect x="60" y="152" width="270" height="66" rx="33" fill="${c}"/><path d="M322 185l46-28v56z" fill="${d}"/><path d="M100 172h170" stroke="${W}" stroke-width="8" stroke-linecap="round" stroke-opacity=".35"/></g>`;
    case 'leafy':
      return `<path d="M200 300C100 240 110 110 200 50C290 110 300 240 200 300z" fill="${c}"/><path d="M200 300V72M200 232l-48-38M200 190l48-38M200 150l-34-28" stroke="${d}" stroke-width="7" stroke-linecap="round" fill="none"/>`;
    case 'carton':
      return `<path d="M130 122l30-62h80l30 62v178H130z" fill="${c}"/><path d="M130 122h140" stroke="${d}" stroke-width="8"/><rect x="158" y="48" width="84" height="16" rx="4" fill="${d}"/><rect x="152" y="172" width="96" height="80" rx="10" ${LABEL}/>`;
    case 'packet':
      return `<path d="M115 70h170l-8 16 8 16v180l-8 16 8 16H115l8-16-8-16V102l8-16z" fill="${c}"/><ellipse cx="200" cy="192" rx="56" ry="46" ${LABEL}/>`;
    case 'cup':
      return `<path d="M110 122h180l-24 170H134z" fill="${c}"/><rect x="98" y="98" width="204" height="32" rx="10" fill="${d}"/><rect x="140" y="172" width="120" height="62" rx="10" ${LABEL}/>`;
    case 'block':
      return `<path d="M90 152l50-40h170l-50 40z" fill="${d}"/><path d="M260 152l50-40v130l-50 40z" fill="${d}" fill-opacity=".75"/><rect x="90" y="152" width="170" height="130" rx="6" fill="${c}"/><path d="M110 180h60" stroke="${W}" stroke-width="8" stroke-linecap="round" stroke-opacity=".4"/>`;
    case 'eggs':
      return `<ellipse cx="120" cy="190" rx="44" ry="56" fill="${c}"/><ellipse cx="200" cy="178" rx="44" ry="56" fill="${c}"/><ellipse cx="280" cy="190" rx="44" ry="56" fill="${c}"/><rect x="60" y="218" width="280" height="70" rx="18" fill="${d}"/>`;
    case 'bottle':
      return `<rect x="172" y="40" width="56" height="30" rx="6" fill="${d}"/><path d="M180 70h40v34q50 18 50 66v116q0 14-14 14H144q-14 0-14-14V170q0-48 50-66z" fill="${c}"/><rect x="150" y="182" width="100" height="74" rx="10" ${LABEL}/>`;
    case 'jar':
      return `<rect x="135" y="64" width="130" height="36" rx="8" fill="${d}"/><rect x="115" y="96" width="170" height="204" rx="32" fill="${c}"/><rect x="140" y="160" width="120" height="76" rx="10" ${LABEL}/>`;
    case 'sack':
      return `<path d="M130 86q70 22 140 0l34 200q-104 28-208 0z" fill="${c}"/><path d="M136 96q64-34 128 0" stroke="${d}" stroke-width="10" fill="none"/><rect x="142" y="160" width="116" height="80" rx="10" ${LABEL}/>`;
    case 'box':
      return `<rect x="115" y="66" width="170" height="234" rx="10" fill="${c}"/><path d="M115 110h170" stroke="${d}" stroke-width="8"/><circle cx="200" cy="200" r="48" ${LABEL}/>`;
    case 'can':
      return `<rect x="130" y="70" width="140" height="226" rx="18" fill="${c}"/><ellipse cx="200" cy="76" rx="70" ry="14" fill="${d}"/><rect x="130" y="150" width="140" height="76" ${LABEL}/>`;
    case 'bar':
      return `<rect x="80" y="128" width="240" height="128" rx="52" fill="${c}"/><ellipse cx="200" cy="192" rx="74" ry="32" fill="${W}" fill-opacity=".5"/><circle cx="300" cy="104" r="14" fill="${d}" fill-opacity=".5"/><circle cx="326" cy="76" r="9" fill="${d}" fill-opacity=".5"/>`;
    case 'tube':
      return `<path d="M130 72h140l-18 196h-104z" fill="${c}"/><rect x="120" y="56" width="160" height="22" rx="4" fill="${d}"/><rect x="174" y="266" width="52" height="34" rx="6" fill="${d}"/><rect x="160" y="130" width="80" height="80" rx="10" ${LABEL}/>`;
    case 'loaf':
      return `<path d="M84 172q0-90 116-90t116 90v118H84z" fill="${c}"/><path d="M150 142v110M200 128v124M250 142v110" stroke="${d}" stroke-width="8" stroke-linecap="round" stroke-opacity=".5"/>`;
    case 'bun':
      return `<path d="M76 236q0-136 124-136t124 136z" fill="${c}"/><rect x="76" y="236" width="248" height="42" rx="14" fill="${d}"/><g fill="${W}" fill-opacity=".7"><ellipse cx="160" cy="162" rx="9" ry="4"/><ellipse cx="212" cy="140" rx="9" ry="4"/><ellipse cx="252" cy="184" rx="9" ry="4"/><ellipse cx="192" cy="194" rx="9" ry="4"/></g>`;
    case 'cake':
      return `<rect x="90" y="160" width="220" height="130" rx="14" fill="${c}"/><path d="M90 200q27 26 55 0t55 0 55 0 55 0v-26q0-14-14-14H104q-14 0-14 14z" fill="${d}"/><rect x="194" y="100" width="12" height="60" rx="4" fill="${d}"/><path d="M200 70q12 16 0 28q-12-12 0-28z" fill="#f59e0b"/>`;
    case 'tray':
      return `<rect x="60" y="120" width="280" height="170" rx="26" fill="${d}"/><path d="M110 220q-20-60 50-80q60-20 110 10q50 40 10 80q-40 36-100 20q-60-4-70-30z" fill="${c}"/><ellipse cx="190" cy="182" rx="30" ry="14" fill="${W}" fill-opacity=".4"/>`;
    case 'fish':
      return `<path d="M60 190q90-100 220 0q-130 100-220 0z" fill="${c}"/><path d="M270 190l70-56v112z" fill="${c}"/><circle cx="110" cy="180" r="10" fill="${W}"/><path d="M160 150q20 40 0 80" stroke="${d}" stroke-width="6" fill="none"/>`;
    case 'bowl':
      return `<g fill="${d}"><circle cx="140" cy="170" r="22"/><circle cx="185" cy="158" r="24"/><circle cx="232" cy="166" r="22"/><circle cx="270" cy="180" r="18"/><circle cx="165" cy="186" r="18"/><circle cx="215" cy="188" r="20"/></g><path d="M70 190h260q0 110-130 110T70 190z" fill="${c}"/>`;
  }
}

function storeSvg(c: string, d: string): string {
  return `<rect x="80" y="150" width="240" height="150" fill="${c}"/><path d="M64 96h272l-16 60H80z" fill="${d}"/><path d="M118 96l-8 60M172 96l-4 60M228 96l4 60M282 96l8 60" stroke="${W}" stroke-width="10" stroke-opacity=".6"/><rect x="176" y="210" width="48" height="90" ${LABEL}/><rect x="104" y="180" width="52" height="44" rx="4" ${LABEL}/><rect x="244" y="180" width="52" height="44" rx="4" ${LABEL}/>`;
}

/** A 400x400 illustration: tinted tile, the shape, and the label underneath. */
function illustration(label: string, colour: string, body: (c: string, d: string) => string): string {
  const text = escapeMarkup(label);
  const size = label.length <= 8 ? 44 : label.length <= 12 ? 36 : label.length <= 18 ? 30 : 24;
  // Keep long labels inside the tile whatever the font's widths.
  const fit = label.length * size * 0.6 > 350 ? ' textLength="350" lengthAdjust="spacingAndGlyphs"' : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${text}">` +
    `<title>${text}</title><rect width="400" height="400" rx="40" fill="${mix(colour, 255, 0.87)}"/>` +
    body(colour, mix(colour, 0, 0.3)) +
    `<text x="200" y="362" text-anchor="middle" font-family="system-ui,Arial,sans-serif" font-size="${size}" font-weight="700" fill="${mix(colour, 0, 0.55)}"${fit}>${text}</text></svg>\n`
  );
}

const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="No image">' +
  '<title>No image</title><rect width="400" height="400" fill="#e5e7eb"/>' +
  '<g fill="none" stroke="#9ca3af" stroke-width="12" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M120 172l48-72M280 172l-48-72"/><path d="M76 172h248l-30 128H106z"/><path d="M160 206v60M200 206v60M240 206v60"/></g></svg>\n';

/** Every illustration file (path relative to the project root) and its content. */
function renderImages(): Map<string, string> {
  const files = new Map<string, string>();
  files.set(PLACEHOLDER_FILE, PLACEHOLDER_SVG);
  const colours = new Map(CATEGORY_DEFS.map((c) => [c.id, c.colour]));
  const shapes = new Map<string, Shape>();
  for (const kind of listKinds()) {
    shapes.set(kind.key, kind.shape);
    const colour = colours.get(kind.categoryId) ?? '#6b7280';
    files.set(
      `${IMAGE_DIR}/${kind.key}.svg`,
      illustration(kind.label, colour, (c, d) => shapeSvg(kind.shape, c, d)),
    );
  }
  // A category is drawn with the shape of its first product's item type.
  for (const cat of CATEGORY_DEFS) {
    const firstKind = (sub: (typeof cat.subcategories)[number] | undefined) => sub?.products[0]?.[0];
    const drawCategory = (id: string, name: string, kindKey: string | undefined) => {
      const shape = (kindKey && shapes.get(kindKey)) || 'box';
      files.set(
        `${IMAGE_DIR}/category-${id}.svg`,
        illustration(name, cat.colour, (c, d) => shapeSvg(shape, c, d)),
      );
    };
    drawCategory(cat.id, cat.name, firstKind(cat.subcategories[0]));
    for (const sub of cat.subcategories) drawCategory(sub.id, sub.name, firstKind(sub));
  }
  for (const [type, colour] of Object.entries(SHOP_TYPE_COLOURS) as [ShopType, string][]) {
    const label = `${type[0]?.toUpperCase() ?? ''}${type.slice(1)}`;
    files.set(`${IMAGE_DIR}/shop-${type}.svg`, illustration(label, colour, storeSvg));
  }
  return files;
}

async function main(): Promise<number> {
  const check = parseCommand('generate-catalogue', HELP, { check: { type: 'boolean', default: false } }).values.check;
  const catalogue = buildSampleCatalogue();
  const outputs = new Map<string, string>([
    [JSON_FILE, catalogueToJson(catalogue)],
    ...renderImages(),
    [SEED_FILE, renderSeedSql(catalogue)],
  ]);

  for (const [file, content] of outputs) {
    const bytes = Buffer.byteLength(content);
    if (file.endsWith('.svg') && bytes > SVG_BUDGET_BYTES) {
      console.warn(`generate-catalogue: ${file} is ${bytes} bytes (budget ${SVG_BUDGET_BYTES})`);
    }
  }

  // Illustrations no longer generated (an item type renamed or removed).
  const existing = existsSync(path.join(ROOT, IMAGE_DIR)) ? await readdir(path.join(ROOT, IMAGE_DIR)) : [];
  const stale = existing.filter((f) => f.endsWith('.svg') && !outputs.has(`${IMAGE_DIR}/${f}`)).map((f) => `${IMAGE_DIR}/${f}`);

  const changed: string[] = [];
  for (const [file, content] of outputs) {
    if ((await readFile(path.join(ROOT, file), 'utf8').catch(() => null)) !== content) changed.push(file);
  }

  if (check) {
    if (changed.length === 0 && stale.length === 0) {
      console.log(`generate-catalogue --check: ${outputs.size} files up to date`);
      return 0;
    }
    for (const file of changed) console.error(`out of date: ${file}`);
    for (const file of stale) console.error(`stale (no longer generated): ${file}`);
    console.error('Run `npx node scripts/generate-catalogue.ts` and commit the result.');
    return 1;
  }

  for (const file of changed) {
    const target = path.join(ROOT, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, outputs.get(file) ?? '');
  }
  for (const file of stale) await unlink(path.join(ROOT, file));

  const { products, categories, stores } = catalogue;
  console.log(
    `generate-catalogue: ${products.length} products, ${categories.length} categories, ${stores.length} stores; ` +
      `${outputs.size} files (${changed.length} written, ${stale.length} stale removed)`,
  );
  return 0;
}

process.exitCode = await main();
