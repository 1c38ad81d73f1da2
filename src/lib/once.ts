// Search-page code only: imported by modules of other pages it became a chunk of its own (+0.1 to +0.6 KB gzip a page, npm run budgets).
/** Wraps `start` so its promise is made on first call and shared; a rejected one is forgotten, so the next call tries again. */
export function onceUntilFailure<T>(start: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= start().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
