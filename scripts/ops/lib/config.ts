/** Operator configuration (ops.config.json), every key optional, one line per mistake; never secrets (those come from env). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isRecord } from '../../../src/lib/fields.ts';

/** A command either as an argv array (run directly) or as one string (run through /bin/sh). */
export type Command = string[] | string;

/** Resolved configuration: absolute paths, milliseconds, defaults filled in (each key: docs/operators.md, "Configuration"). */
export type OpsConfig = ReturnType<typeof resolveConfig>;

/** Worded for the operator. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const PROJECT_DIR = path.resolve(import.meta.dirname, '../../..');
const DEFAULT_CONFIG_FILE = 'ops.config.json';

const DEFAULT_SERVICE = {
  host: '127.0.0.1',
  port: 4322,
  serveStatic: true,
  schedule: null,
  timezone: null,
  debounceSeconds: 10,
  maxWaitSeconds: 120,
  bodyLimitBytes: 64 * 1024,
  signatureToleranceSeconds: 300,
};

const DEFAULTS = {
  releasesDir: 'releases',
  currentLink: 'current',
  keepReleases: 5,
  buildCommand: null,
  buildTimeoutSeconds: 900,
  buildCacheDir: null,
  maxPageDrop: 0.5,
  requiredFiles: ['index.html', '404.html', 'pagefind/'],
  publishCommand: null,
  dedupe: true,
  publishRemote: null,
  publishFlags: [] as string[],
  rcloneBinary: 'rclone',
};

type Raw = Record<string, unknown>;

function rejectUnknown(raw: Raw, known: object, where: string): void {
  for (const key of Object.keys(raw)) {
    if (key === '$comment' || key.startsWith('//')) continue;
    if (!(key in known)) throw new ConfigError(`${where}: unknown key "${key}" (known: ${Object.keys(known).join(', ')})`);
  }
}

function number(raw: Raw, key: string, where: string, fallback: number, min: number, max = Infinity): number {
  const value = raw[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(
      `${where}.${key}: expected a number from ${min}${max === Infinity ? '' : ` to ${max}`}, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/** A non-empty string, or `fallback` when the key is absent or null. */
function string<F extends string | null>(raw: Raw, key: string, where: string, fallback: F): string | F {
  const value = raw[key] ?? fallback;
  if (value === null) return fallback;
  if (typeof value !== 'string' || value.trim() === '') throw new ConfigError(`${where}.${key}: expected a non-empty string or null`);
  return value;
}

function command(raw: Raw, key: string, where: string): Command | null {
  const value = raw[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === 'string')) return value;
  throw new ConfigError(`${where}.${key}: expected a command: an array of arguments, a shell string, or null`);
}

function stringList(raw: Raw, key: string, where: string, fallback: string[]): string[] {
  const value = raw[key] ?? fallback;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw new ConfigError(`${where}.${key}: expected an array of strings`);
  return value;
}

/** Validates raw JSON (already parsed) and fills in defaults; relative paths are relative to projectDir. */
export function resolveConfig(raw: unknown, projectDir: string = PROJECT_DIR, where = 'config') {
  if (raw === undefined || raw === null) raw = {};
  if (!isRecord(raw)) throw new ConfigError(`${where}: expected a JSON object`);
  rejectUnknown(raw, { ...DEFAULTS, projectDir: 0, service: 0 }, where);
  const serviceRaw = raw['service'] ?? {};
  if (!isRecord(serviceRaw)) throw new ConfigError(`${where}.service: expected an object`);
  rejectUnknown(serviceRaw, DEFAULT_SERVICE, `${where}.service`);

  const root = path.resolve(projectDir, string(raw, 'projectDir', where, '.'));
  const requiredFiles = raw['requiredFiles'] ?? DEFAULTS.requiredFiles;
  if (
    !Array.isArray(requiredFiles) ||
    !requiredFiles.every((file) => typeof file === 'string' && file && !path.isAbsolute(file) && !file.split('/').includes('..'))
  ) {
    throw new ConfigError(`${where}.requiredFiles: expected an array of paths inside the release`);
  }
  const sw = `${where}.service`;
  const debounceMs = number(serviceRaw, 'debounceSeconds', sw, DEFAULT_SERVICE.debounceSeconds, 0) * 1000;

  return {
    projectDir: root,
    releasesDir: path.resolve(root, string(raw, 'releasesDir', where, DEFAULTS.releasesDir)),
    currentLink: path.resolve(root, string(raw, 'currentLink', where, DEFAULTS.currentLink)),
    // Two at least: the live release and the one a rollback returns to.
    keepReleases: Math.floor(number(raw, 'keepReleases', where, DEFAULTS.keepReleases, 2)),
    // `astro build`, run by the project's Node (npm run build).
    buildCommand: command(raw, 'buildCommand', where) ?? [process.execPath, 'node_modules/astro/bin/astro.mjs', 'build'],
    buildTimeoutMs: number(raw, 'buildTimeoutSeconds', where, DEFAULTS.buildTimeoutSeconds, 1) * 1000,
    /** Astro's cache folder (THELA_BUILD_CACHE of the build), kept between rebuilds outside every release; null: Astro's default. */
    buildCacheDir: ((dir) => (dir === null ? null : path.resolve(root, dir)))(string(raw, 'buildCacheDir', where, DEFAULTS.buildCacheDir)),
    maxPageDrop: number(raw, 'maxPageDrop', where, DEFAULTS.maxPageDrop, 0, 1),
    requiredFiles: requiredFiles as string[],
    publishCommand: command(raw, 'publishCommand', where),
    dedupe: raw['dedupe'] === undefined ? DEFAULTS.dedupe : raw['dedupe'] !== false,
    publishRemote: process.env['THELA_PUBLISH_REMOTE'] || string(raw, 'publishRemote', where, null),
    publishFlags: stringList(raw, 'publishFlags', where, DEFAULTS.publishFlags),
    rcloneBinary: string(raw, 'rcloneBinary', where, DEFAULTS.rcloneBinary),
    service: {
      host: string(serviceRaw, 'host', sw, DEFAULT_SERVICE.host),
      port: Math.floor(number(serviceRaw, 'port', sw, DEFAULT_SERVICE.port, 0, 65535)),
      serveStatic: serviceRaw['serveStatic'] === undefined ? DEFAULT_SERVICE.serveStatic : Boolean(serviceRaw['serveStatic']),
      schedule: string(serviceRaw, 'schedule', sw, null),
      timezone: string(serviceRaw, 'timezone', sw, null),
      debounceMs,
      maxWaitMs: Math.max(debounceMs, number(serviceRaw, 'maxWaitSeconds', sw, DEFAULT_SERVICE.maxWaitSeconds, 0) * 1000),
      bodyLimitBytes: Math.floor(number(serviceRaw, 'bodyLimitBytes', sw, DEFAULT_SERVICE.bodyLimitBytes, 1)),
      signatureToleranceMs: number(serviceRaw, 'signatureToleranceSeconds', sw, DEFAULT_SERVICE.signatureToleranceSeconds, 1) * 1000,
    },
  };
}

/** Reads the file given (--config), else THELA_OPS_CONFIG, else ops.config.json in the project root if there, else the defaults. */
export function loadConfig(file?: string, projectDir: string = PROJECT_DIR): OpsConfig {
  const chosen = file ?? process.env['THELA_OPS_CONFIG'];
  const candidate = chosen ? path.resolve(chosen) : path.join(projectDir, DEFAULT_CONFIG_FILE);
  if (!existsSync(candidate)) {
    if (chosen) throw new ConfigError(`config file not found: ${candidate}`);
    return resolveConfig({}, projectDir);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(candidate, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${candidate}: not valid JSON (${(error as Error).message})`);
  }
  return resolveConfig(raw, projectDir, path.basename(candidate));
}
