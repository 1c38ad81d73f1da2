/** The operators' service's static handler: the live release, with the retained ones' hashed assets (scripts/lib/static-site.ts). */
import path from 'node:path';
import type { OpsConfig } from './config.ts';
import type { Logger } from './log.ts';
import { listReleases, resolveCurrent } from './releases.ts';
import { siteHandler, type Handler, type Site } from '../../lib/static-site.ts';

/** A request handler for GET and HEAD of the live release (503 while none is live). */
export function createStaticHandler(config: OpsConfig, log: Logger): Handler {
  const live = async (): Promise<Site | null> => {
    const root = await resolveCurrent(config);
    if (!root) return null;
    const release = path.basename(root);
    const retained = async () => (await listReleases(config)).filter((item) => item.info && item.id !== release).reverse();
    return { root, release, retained };
  };
  return siteHandler(live, {}, log);
}
