/**
 * Renders public/icons/*.png from SVG with Debian's Chromium (`npx node scripts/render-icons.ts`; PNGs committed, rerun when an SVG
 * changes): icon-192/512 from public/favicon.svg, maskable-512 from public/icons/maskable.svg (mark in the 80% safe zone).
 */
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const root = new URL('../public/', import.meta.url);
const jobs = [
  { svg: 'favicon.svg', png: 'icons/icon-192.png', size: 192 },
  { svg: 'favicon.svg', png: 'icons/icon-512.png', size: 512 },
  { svg: 'icons/maskable.svg', png: 'icons/maskable-512.png', size: 512 },
];

const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const job of jobs) {
    const svg = await readFile(new URL(job.svg, root), 'utf8');
    await page.setViewportSize({ width: job.size, height: job.size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${src}" width="${job.size}" height="${job.size}" style="display:block"></body></html>`,
    );
    await page.screenshot({ path: new URL(job.png, root).pathname, omitBackground: true });
    console.log(`render-icons: ${job.png} (${job.size}x${job.size})`);
  }
} finally {
  await browser.close();
}
