/** Wraps `start` so its promise is made on first call and shared; a rejected one is forgotten, so the next call tries again. */
export function onceUntilFailure<T>(start: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= start().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
