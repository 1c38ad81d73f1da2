/**
 * A shipped file as text for the secret scan, whatever its type: UTF-8 decoding keeps a binary's ASCII runs (keys are ASCII), and a
 * gzip file (Pagefind's index and fragments, a `.gz`) is decompressed, since its bytes hide the text it is served as.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';

/** Largest decompressed size of one gzip file (a gzip bomb): a larger one is read as its raw bytes only. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** The text of the file at `full`: its bytes as UTF-8, plus its decompressed content when it is gzip. */
export async function shippedText(full: string): Promise<string> {
  const bytes = await readFile(full);
  const text = bytes.toString('utf8');
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return text;
  try {
    return `${text}\n${gunzipSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES }).toString('utf8')}`;
  } catch {
    // Not gzip after all, truncated, or larger than the bound: the raw bytes were read.
    return text;
  }
}
