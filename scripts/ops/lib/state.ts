/** What the service remembers across a restart: small JSON files in `releases/.state/`, written atomically. */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { readJson, writeJsonAtomicSync } from '../../lib/atomic-write.ts';
import type { OpsConfig } from './config.ts';

export function stateDir(config: OpsConfig): string {
  return path.join(config.releasesDir, '.state');
}

/** The replay memory in `<state>/replay.json`: digest (base64) -> epoch ms after which it may be forgotten. */
export function replayStore(config: OpsConfig) {
  const file = path.join(stateDir(config), 'replay.json');
  return {
    load(): Array<[string, number]> {
      const data = readJson(file) as { seen?: unknown } | undefined;
      if (!data || !Array.isArray(data.seen)) return [];
      return data.seen.filter(
        (entry): entry is [string, number] => Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number',
      );
    },
    save(entries: Array<[string, number]>): void {
      writeJsonAtomicSync(file, { seen: entries });
    },
  };
}

/** Webhooks accepted since the last finished build, and when the first of them was. */
interface Pending {
  count: number;
  since: string;
}

/** The pending-build flag in `<state>/pending.json`. */
export const pendingStore = (config: OpsConfig) => {
  const file = path.join(stateDir(config), 'pending.json');
  return {
    file,
    read(): Pending | undefined {
      const data = readJson(file) as Partial<Pending> | undefined;
      return data && typeof data.count === 'number' && typeof data.since === 'string'
        ? { count: data.count, since: data.since }
        : undefined;
    },
    write(pending: Pending): void {
      writeJsonAtomicSync(file, pending);
    },
    clear(): void {
      rmSync(file, { force: true });
    },
  };
};
