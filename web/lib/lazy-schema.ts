/**
 * A schema from common/, fetched when a form first needs it: zod and the schema module stay out of
 * the page's first load (the login page draws its form without them). `preload` on the form's
 * first focus means it is there by the time the form is sent.
 */
export function lazySchema<T>(load: () => Promise<T>) {
  let pending: Promise<T> | null = null;
  const get = () => {
    pending ??= load().catch((err: unknown) => {
      pending = null; // a failed fetch (a deploy, the network) is tried again next time
      throw err;
    });
    return pending;
  };
  return {
    get,
    /** Starts the fetch without waiting for it. */
    preload: () => void get().catch(() => {}),
    /** The schema, or null when it cannot be fetched: the server checks the same schema anyway. */
    getOrNull: () => get().catch(() => null),
  };
}
