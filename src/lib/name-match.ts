/** The spec's in-page search rule (section 5): case-insensitive substring match; a blank query matches everything. */
export function matchesQuery(text: string, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle === '' || text.toLowerCase().includes(needle);
}
