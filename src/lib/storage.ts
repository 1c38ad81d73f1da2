/** Parses a JSON array kept in browser storage, which is user input: anything else (missing, unparseable, not an array) is an empty list. */
export function parseStoredArray(raw: string | undefined): unknown[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
