/** Shared set-up of the ops tests: a temporary releases directory, a config pointing at the fake build, polling. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig, type OpsConfig } from '../../scripts/ops/lib/config.ts';

/** The project root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The fake build script. */
export const FAKE_BUILD = path.join(import.meta.dirname, 'fixtures', 'fake-build.ts');
/** A secret of the accepted length. */
export const SECRET = 'test-secret-0123456789abcdef';

/** The fake build's control file (see fixtures/fake-build.ts). */
export interface Control {
  pages?: number;
  fail?: boolean;
  sleepMs?: number;
  padBytes?: number;
  skip404?: boolean;
  skipPagefind?: boolean;
  log?: string;
  stable?: boolean;
  row?: string;
  sw?: boolean;
}

/** A throwaway workspace. */
export interface Workspace {
  dir: string;
  config: OpsConfig;
  controlFile: string;
  buildLog: string;
  /** Rewrites the control file (merged with the defaults: 10 pages, logging on). */
  control(next: Control): void;
  /** Lines "start|end|fail <id> <ms> <pid>" the fake build wrote. */
  builds(): Array<{ what: string; id: string; at: number; pid: number }>;
  cleanup(): void;
}

/** Creates a workspace whose config builds with the fake build; `raw` adds or overrides config keys. */
export function workspace(raw: Record<string, unknown> = {}, service: Record<string, unknown> = {}): Workspace {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'thela-ops-'));
  const controlFile = path.join(dir, 'control.json');
  const buildLog = path.join(dir, 'builds.log');
  const control = (next: Control) => writeFileSync(controlFile, JSON.stringify({ pages: 10, log: buildLog, ...next }));
  control({});
  const config = resolveConfig(
    {
      releasesDir: path.join(dir, 'releases'),
      currentLink: path.join(dir, 'current'),
      buildCommand: [process.execPath, FAKE_BUILD, controlFile],
      buildTimeoutSeconds: 60,
      // Beside the releases, so on their file system wherever the temporary folder is (rebuild checks it).
      buildCacheDir: path.join(dir, 'build-cache'),
      ...raw,
      service: { port: 0, host: '127.0.0.1', debounceSeconds: 0.05, ...service },
    },
    ROOT,
  );
  return {
    dir,
    config,
    controlFile,
    buildLog,
    control,
    builds() {
      let text: string;
      try {
        text = readFileSync(buildLog, 'utf8');
      } catch {
        return [];
      }
      return text
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [what, id, at, pid] = line.split(' ');
          return { what: what!, id: id!, at: Number(at), pid: Number(pid) };
        });
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Polls until `check` returns a truthy value, at most `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 5000,
  intervalMs = 25,
): Promise<Exclude<T, undefined | null | false | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, undefined | null | false | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The release id a fake page says it belongs to, checked at its top, its end and in its stylesheet link. */
export function pageRelease(html: string): {
  top: string | undefined;
  end: string | undefined;
  asset: string | undefined;
  assetId: string | undefined;
} {
  return {
    top: html.match(/data-release="([^"]+)"/)?.[1],
    end: html.match(/<!-- end (\S+) -->/)?.[1],
    asset: html.match(/href="(\/_astro\/site\.[^"]+\.css)"/)?.[1],
    assetId: html.match(/href="\/_astro\/site\.([^"]+)\.css"/)?.[1],
  };
}

/** Writes a config file for the operator commands that points at this workspace's releases and fake build, plus `extra`. */
export function writeConfigFile(ws: Workspace, extra: Record<string, unknown> = {}): string {
  const file = path.join(ws.dir, 'ops.json');
  const { releasesDir, currentLink, buildCommand } = ws.config;
  writeFileSync(file, JSON.stringify({ releasesDir, currentLink, buildCommand, ...extra }));
  return file;
}
