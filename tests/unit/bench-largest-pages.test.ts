import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { countElements, largestPages, pageTypeOf } from '../../scripts/bench/largest-pages.ts';

describe('pageTypeOf', () => {
  test('names the page type of a built file', () => {
    expect(pageTypeOf('/index.html')).toBe('home');
    expect(pageTypeOf('/category/fruits/index.html')).toBe('category');
    expect(pageTypeOf('/category/fruits/7/index.html')).toBe('category');
    expect(pageTypeOf('/category/fruits/subcategory/fresh-fruits/2/index.html')).toBe('subcategory');
    expect(pageTypeOf('/product/x/index.html')).toBe('product');
    expect(pageTypeOf('/about/index.html')).toBe('about');
    expect(pageTypeOf('/404.html')).toBe('404');
  });
});

describe('countElements', () => {
  test('counts elements, not comments, script or template bodies, or end tags', () => {
    expect(
      countElements(
        '<!doctype html><html><head><script>if (a<b) x("<p>")</script></head><body><p>a <b>b</b></p><!-- <div> --><template><li></li><li></li></template></body></html>',
      ),
    ).toBe(7);
  });
});

describe('largestPages', () => {
  test('measures the largest page of each type', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'largest-'));
    try {
      const page = (rel: string, cards: number) => {
        mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        writeFileSync(path.join(dir, rel), `<html><head></head><body>${'<article><h3>x</h3></article>'.repeat(cards)}</body></html>`);
      };
      page('category/a/index.html', 3);
      page('category/a/2/index.html', 10);
      page('product/p/index.html', 1);
      const pages = await largestPages(dir, [
        { path: '/category/a/index.html', bytes: 100 },
        { path: '/category/a/2/index.html', bytes: 300 },
        { path: '/product/p/index.html', bytes: 50 },
      ]);
      expect(pages.map((p) => [p.type, p.url, p.domElements])).toEqual([
        ['category', '/category/a/2/', 23],
        ['product', '/product/p/', 5],
      ]);
      expect(pages[0]!.firstRenderGzip).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
