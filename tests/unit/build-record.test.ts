/** The build's record (scripts/lib/build-record.ts): what the operators' rebuild and the bench read instead of the build's output. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  buildRecordPath,
  formatPageSummary,
  formatStepTimes,
  readBuildRecord,
  writeBuildRecord,
  type BuildRecord,
} from '../../scripts/lib/build-record.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'thela-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RECORD: BuildRecord = {
  full: false,
  pages: { rendered: 31, reused: 581 },
  steps: { images: 120, astro: 9200, 'search index': 4400 },
  figures: { indexed: 469, links: 20576 },
  phases: { startup: 1300, bundle: 2800, render: 270 },
  renderShare: { product: { pages: 12, ms: 240 }, home: { pages: 1, ms: 20 } },
};

describe('the build record', () => {
  test('reads back what the build wrote', async () => {
    const file = path.join(dir, 'record.json');
    await writeBuildRecord(file, RECORD);
    expect(readBuildRecord(file)).toEqual(RECORD);
  });

  test('is undefined when missing or without page counts; fields of the wrong type are left out', () => {
    expect(readBuildRecord(path.join(dir, 'none.json'))).toBeUndefined();
    const file = path.join(dir, 'odd.json');
    writeFileSync(file, JSON.stringify({ pages: { rendered: '31' } }));
    expect(readBuildRecord(file)).toBeUndefined();
    writeFileSync(
      file,
      JSON.stringify({ pages: { rendered: 1, reused: 2 }, steps: { astro: 'slow', images: 3 }, renderShare: { x: { pages: 1 } } }),
    );
    expect(readBuildRecord(file)).toEqual({
      full: false,
      pages: { rendered: 1, reused: 2 },
      steps: { images: 3 },
      figures: {},
      phases: {},
      renderShare: {},
    });
  });

  test('lives in THELA_BUILD_RECORD, else in the build cache', () => {
    expect(buildRecordPath({ THELA_BUILD_RECORD: '/tmp/r.json' })).toBe('/tmp/r.json');
    expect(buildRecordPath({ THELA_BUILD_CACHE: '/tmp/cache' })).toBe('/tmp/cache/build-record.json');
  });

  test('its lines', () => {
    expect(formatPageSummary(RECORD.pages)).toBe('31 pages rendered, 581 reused');
    expect(formatStepTimes(RECORD.steps)).toBe('images 0.1 s, astro 9.2 s, search index 4.4 s');
  });
});
