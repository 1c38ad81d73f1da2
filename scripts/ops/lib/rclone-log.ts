/**
 * rclone's JSON log (its standard error), read for the files it copied and the warnings that mean a file was not checked (the publish
 * then fails). Only lines that parse as its log entries count; nothing here is read as a target's file name.
 */

/** What one rclone run's log says. */
export interface RcloneLog {
  /** Files copied ("Copied (new)", "Copied (replaced existing)", ...), by name. */
  copied: string[];
  /** Why the run cannot be trusted: error entries and "not checked" warnings, as rclone worded them. */
  problems: string[];
}

/** Warnings that mean rclone did not check what it was asked to: a comparison it dropped, a transfer it could not verify. */
const NOT_CHECKED = [
  /no hashes in common/i,
  /falling back to --size-only/i,
  /corrupted on transfer/i,
  /hashes? (could not|couldn't) be (checked|compared)/i,
];

/** Reads rclone's JSON log lines from `stderr`. */
export function readRcloneLog(stderr: string): RcloneLog {
  const log: RcloneLog = { copied: [], problems: [] };
  for (const line of stderr.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: unknown; msg?: unknown; object?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (typeof entry.msg !== 'string') continue;
    const object = typeof entry.object === 'string' ? entry.object : '';
    if (entry.msg.startsWith('Copied') && object) log.copied.push(object);
    const notChecked = entry.level === 'warning' && NOT_CHECKED.some((pattern) => pattern.test(entry.msg as string));
    if (entry.level === 'error' || entry.level === 'critical' || notChecked)
      log.problems.push(object ? `${object}: ${entry.msg}` : entry.msg);
  }
  return log;
}
