/** The value, or an error naming what was missing: for lookups that cannot fail unless the data is broken. */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing ${what}`);
  return value;
}
