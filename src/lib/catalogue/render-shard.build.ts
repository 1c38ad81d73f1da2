/**
 * Rendering in several processes (scripts/lib/render-processes.ts): `npm run build` with THELA_RENDER_PROCESSES=N
 * runs N `astro build` processes side by side, each with THELA_RENDER_SHARD="i/N", and every catalogue route's
 * getStaticPaths keeps only the entries of its own shard (`inRenderShard`). Astro renders on one thread; this is
 * how a 100,000-product build uses the second core.
 *
 * An entry's shard comes from a hash of its route and params, never from its position, so adding a product moves
 * no other page to another process, and each process's incremental cache keeps matching its own pages.
 * Pages without getStaticPaths (home, cart, the content pages...) are rendered by every process; the build keeps
 * the first process's copy.
 */

/** This process's share of the pages: shard `index` of `count`. */
export interface RenderShard {
  index: number;
  count: number;
}

/** Thrown when THELA_RENDER_SHARD is not "i/N" with 0 <= i < N. */
export class RenderShardError extends Error {}

/** Reads THELA_RENDER_SHARD ("i/N"): this process's shard, or null when unset (one process renders everything). */
export function renderShard(env: Readonly<Record<string, string | undefined>> = process.env): RenderShard | null {
  const value = env['THELA_RENDER_SHARD']?.trim();
  if (!value) return null;
  const match = /^(\d{1,3})\/(\d{1,3})$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index >= count) {
    throw new RenderShardError(`THELA_RENDER_SHARD must be "i/N" with 0 <= i < N, not ${JSON.stringify(value)}`);
  }
  return { index, count };
}

/** This process's shard, read from THELA_RENDER_SHARD once: every catalogue page's entry asks. */
let thisProcess: RenderShard | null | undefined;
const processShard = (): RenderShard | null => (thisProcess === undefined ? (thisProcess = renderShard()) : thisProcess);

/** Which of `count` shards renders the page of `route` with `params` (FNV-1a of both: stable across builds). */
export function shardOf(route: string, params: Readonly<Record<string, string | number | undefined>>, count: number): number {
  let hash = 0x811c9dc5;
  const text = `${route}\u0000${Object.entries(params)
    .map(([name, value]) => `${name}=${value ?? ''}`)
    .join('\u0000')}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % count;
}

/**
 * Whether this process renders the page of `route` with `params`: always without a shard, else when the page's
 * shard is this one. `route` names the page file ("product", "category"...), so two routes with the same params
 * spread independently.
 */
export function inRenderShard(
  route: string,
  params: Readonly<Record<string, string | number | undefined>>,
  shard: RenderShard | null = processShard(),
): boolean {
  return shard === null || shard.count === 1 || shardOf(route, params, shard.count) === shard.index;
}

/** The getStaticPaths entries of `route` this process renders (`inRenderShard`), in their order. */
export function ownPaths<T extends { params: Readonly<Record<string, string | number | undefined>> }>(
  route: string,
  paths: readonly T[],
  shard: RenderShard | null = processShard(),
): T[] {
  return paths.filter((entry) => inRenderShard(route, entry.params, shard));
}
