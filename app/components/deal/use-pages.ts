import { useEffect, useState } from "react";
import { toastFailure } from "#lib/api-client";

type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * A deal's list read a page at a time once `wanted`: the first page, then `showMore` (null on the last page)
 * adds the next. A failed read toasts `failed`; a first page that failed shows as empty.
 */
export function usePages<T>(
  dealId: string,
  read: (dealId: string, cursor?: string) => Promise<Page<T>>,
  { wanted, failed }: { wanted: boolean; failed: string },
) {
  const [items, setItems] = useState<T[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    read(dealId)
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setCursor(page.nextCursor);
      })
      .catch((error) => {
        if (!live) return;
        setItems([]);
        toastFailure("Error", error, failed);
      });
    return () => {
      live = false;
    };
  }, [dealId, read, wanted, failed]);

  const showMore =
    cursor && !busy
      ? async () => {
          setBusy(true);
          try {
            const page = await read(dealId, cursor);
            setItems((shown) => [...(shown ?? []), ...page.items]);
            setCursor(page.nextCursor);
          } catch (error) {
            toastFailure("Error", error, failed);
          } finally {
            setBusy(false);
          }
        }
      : null;

  return { items, setItems, showMore };
}
