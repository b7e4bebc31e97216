/**
 * Room for a toast above a dialog on a phone, where a dialog fills the screen and no place over it is free: the
 * toast takes the top of the screen and the dialog moves down below it (shorter if it must), for as long as the
 * toast shows. Only the two inline styles set here are touched, and they are put back as they were.
 */
type Saved = { element: HTMLElement; marginTop: string; maxHeight: string };
let moved: Saved | null = null;

/** Puts the dialog moved for a toast back where its own styles place it. */
export function giveRoomBack() {
  if (!moved) return;
  moved.element.style.marginTop = moved.marginTop;
  moved.element.style.maxHeight = moved.maxHeight;
  moved = null;
}

/**
 * Moves `dialog` so that its top is at `below` px or lower and its bottom `edge` px above the screen's. Answers
 * whether it moved (or changed size) since the last call.
 */
export function makeRoomAbove(dialog: HTMLElement, below: number, edge: number): boolean {
  if (moved?.element !== dialog) {
    giveRoomBack();
    moved = { element: dialog, marginTop: dialog.style.marginTop, maxHeight: dialog.style.maxHeight };
  }
  const before = `${dialog.style.marginTop}|${dialog.style.maxHeight}`;
  dialog.style.marginTop = moved.marginTop;
  dialog.style.maxHeight = moved.maxHeight;
  const room = window.innerHeight - below - edge;
  if (dialog.getBoundingClientRect().height > room) dialog.style.maxHeight = `${room}px`;
  const { top } = dialog.getBoundingClientRect();
  if (top < below)
    dialog.style.marginTop = `${parseFloat(getComputedStyle(dialog).marginTop) + below - top}px`;
  return `${dialog.style.marginTop}|${dialog.style.maxHeight}` !== before;
}
