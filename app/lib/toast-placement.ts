/**
 * Where a toast may sit: never over the buttons of the dialog that is open, or of the form on the page
 * (a toast that covers 'Post Inventory' or 'Save Profile' hides the very thing the dealer needs next).
 * Pure geometry, so the Toaster measures and this decides.
 */
export type Box = { top: number; bottom: number; left: number; right: number };

/** Vertical step of the search for a free place, in CSS pixels. */
export const TOAST_PLACEMENT_STEP_PX = 8;

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const overlapArea = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * The top edge (px from the top of the window) for a toast `height` tall spanning `left`..`right`:
 * `preferredTop` when nothing to avoid is there, else the free place nearest to it between `minTop` and
 * `maxTop`; when no place is free, the one that covers the least, never over `keepClear` (the field the dealer
 * is typing in) where any place leaves it clear.
 */
export function placeToast(options: {
  left: number;
  right: number;
  height: number;
  preferredTop: number;
  minTop: number;
  maxTop: number;
  avoid: Box[];
  keepClear?: Box[];
}): number {
  const { left, right, height, preferredTop, avoid, keepClear = [] } = options;
  const minTop = Math.min(options.minTop, options.maxTop);
  const maxTop = Math.max(options.minTop, options.maxTop);
  const at = (top: number): Box => ({ top, bottom: top + height, left, right });
  const covered = (top: number) => avoid.reduce((sum, box) => sum + overlapArea(at(top), box), 0);
  const start = Math.min(Math.max(preferredTop, minTop), maxTop);
  if (!avoid.some((box) => overlaps(at(start), box))) return start;

  const candidates: number[] = [];
  for (
    let d = TOAST_PLACEMENT_STEP_PX;
    d <= maxTop - minTop + TOAST_PLACEMENT_STEP_PX;
    d += TOAST_PLACEMENT_STEP_PX
  ) {
    if (start - d >= minTop) candidates.push(start - d);
    if (start + d <= maxTop) candidates.push(start + d);
  }
  candidates.push(minTop, maxTop);
  const free = candidates.find((top) => !avoid.some((box) => overlaps(at(top), box)));
  if (free !== undefined) return free;
  const all = [start, ...candidates];
  const clear = all.filter((top) => !keepClear.some((box) => overlaps(at(top), box)));
  const pool = clear.length > 0 ? clear : all;
  return pool.reduce((best, top) => (covered(top) < covered(best) ? top : best), pool[0]!);
}

/**
 * The narrowest a toast may be to fit beside a dialog: its title and a short line still read on two or three
 * lines. Narrower than this, it goes above or below the dialog instead.
 */
export const TOAST_MIN_WIDTH_PX = 240;

/**
 * The span (`left`..`right`, px from the window's left, the toast's `edge` margins included) of a toast beside
 * the open `dialog`, so that it covers none of the dialog however tall either grows: the right side when it has
 * room for a toast `TOAST_MIN_WIDTH_PX` wide, else the left side; null when neither has. The toast takes the
 * room's width up to `maxWidth` (its usual width, margins included), flush with the window's edge.
 */
export function besideDialog(options: {
  dialog: Pick<Box, "left" | "right">;
  windowWidth: number;
  maxWidth: number;
  edge: number;
}): { left: number; right: number } | null {
  const { dialog, windowWidth, maxWidth, edge } = options;
  const fits = (room: number) => room - 2 * edge >= TOAST_MIN_WIDTH_PX;
  if (fits(windowWidth - dialog.right))
    return { left: Math.max(dialog.right, windowWidth - maxWidth), right: windowWidth };
  if (fits(dialog.left)) return { left: 0, right: Math.min(dialog.left, maxWidth) };
  return null;
}
