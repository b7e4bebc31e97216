/**
 * The path (`/objects/…/{id}`) of an address we stored, absolute on our origin or a path, when `pattern`
 * (one kind of stored object) matches it; null for anything else, a query or fragment included.
 */
export function storedPathOf(pattern: RegExp, address: string, ownOrigin?: string): string | null {
  let path = address;
  if (/^https?:\/\//i.test(address)) {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return null;
    }
    if (ownOrigin && url.origin !== ownOrigin) return null;
    if (url.search || url.hash) return null;
    path = url.pathname;
  }
  return pattern.test(path) ? path : null;
}

/** The R2 key of a stored object's path: `/objects/uploads/{id}` is `uploads/{id}`. */
export const storedKeyOf = (path: string): string => path.replace(/^\/objects\//, "");
