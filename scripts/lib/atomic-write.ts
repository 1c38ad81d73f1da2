/**
 * The JSON files of the build and the operators' state. The one atomic write: a temporary file in the same folder renamed over the
 * target, so a reader or a crash sees the old file or the new, never half; the temporary file is removed whatever fails.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface JsonWriteOptions {
  /** JSON.stringify's `space`. */
  space?: number | undefined;
  /** Creates the file's folder first (the default); false where a missing folder must stay an error. */
  createFolder?: boolean | undefined;
  mode?: number | undefined;
}

/** A fresh temporary name beside `file`, ending in `.tmp` (what the leftover sweeps and the release walks skip). */
export function tempPathFor(file: string): string {
  return `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

/** The value of a JSON file; undefined when it is missing or unreadable. */
export function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const jsonText = (value: unknown, space: number | undefined) => `${JSON.stringify(value, null, space)}\n`;

/** Writes `value` as JSON to `file` atomically. */
export async function writeJsonAtomic(file: string, value: unknown, options: JsonWriteOptions = {}): Promise<void> {
  if (options.createFolder !== false) await mkdir(path.dirname(file), { recursive: true });
  const temp = tempPathFor(file);
  try {
    await writeFile(temp, jsonText(value, options.space), { mode: options.mode });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** `writeJsonAtomic`, synchronously: for a write that must be on disk before the process answers or goes on. */
export function writeJsonAtomicSync(file: string, value: unknown, options: JsonWriteOptions = {}): void {
  if (options.createFolder !== false) mkdirSync(path.dirname(file), { recursive: true });
  const temp = tempPathFor(file);
  try {
    writeFileSync(temp, jsonText(value, options.space), { mode: options.mode });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
