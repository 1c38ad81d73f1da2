/**
 * The build's own record of what it did: pages rendered and reused, each step's time. Written by the build's
 * integration (scripts/integrations/build-steps.ts) as its last act; the operators' rebuild and the bench read it, never
 * the build's console output.
 */
import path from 'node:path';
import { readJson, writeJsonAtomic } from './atomic-write.ts';
import { buildCacheDir } from './build-cache.ts';
import { isRecord } from '../../src/lib/fields.ts';
import type { PageCounts, RenderTimes } from '../integrations/linked-output.ts';

export interface BuildRecord {
  /** `astro build --force` (or THELA_FULL_BUILD=1): every page rendered, nothing reused. */
  full: boolean;
  pages: PageCounts;
  /** How long each step took, ms, in the order they ended: images, astro, search index, service worker, site checks. */
  steps: Record<string, number>;
  /** Figures of the steps, for the bench: products indexed, first-page queries, links checked. */
  figures: Record<string, number>;
  /** Where Astro's time went, ms: startup (to the config), prepare (catalogue, photos), bundle, render, finish (the steps after). */
  phases: Record<string, number>;
  /** Each top folder's pages rendered and their render time. */
  renderShare: RenderTimes['byFolder'];
}

/** Where the build writes its record: THELA_BUILD_RECORD, else build-record.json in the build cache. */
export function buildRecordPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env['THELA_BUILD_RECORD'] || path.join(buildCacheDir(env), 'build-record.json'));
}

export async function writeBuildRecord(file: string, record: BuildRecord): Promise<void> {
  await writeJsonAtomic(file, record, { space: 2 });
}

const numbers = (value: unknown): Record<string, number> =>
  isRecord(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'))
    : {};

/** The record in `file`, or undefined when there is none (a build that failed, or another command). */
export function readBuildRecord(file: string): BuildRecord | undefined {
  const value = readJson(file);
  if (!isRecord(value) || !isRecord(value['pages'])) return undefined;
  const { rendered, reused } = numbers(value['pages']);
  if (rendered === undefined || reused === undefined) return undefined;
  const share = isRecord(value['renderShare']) ? value['renderShare'] : {};
  return {
    full: value['full'] === true,
    pages: { rendered, reused },
    steps: numbers(value['steps']),
    figures: numbers(value['figures']),
    phases: numbers(value['phases']),
    renderShare: Object.fromEntries(
      Object.entries(share).flatMap(([folder, times]) => {
        const { pages, ms } = numbers(times);
        return pages === undefined || ms === undefined ? [] : [[folder, { pages, ms }]];
      }),
    ),
  };
}

/** The record's pages as the build logs them: `12 pages rendered, 600 reused`. */
export function formatPageSummary(counts: PageCounts): string {
  return `${counts.rendered} pages rendered, ${counts.reused} reused`;
}

/** The step times as one line: `images 0.1 s, astro 9.2 s, ...`. */
export function formatStepTimes(steps: Readonly<Record<string, number>>): string {
  return Object.entries(steps)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
}
