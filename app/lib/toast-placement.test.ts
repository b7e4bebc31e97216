import { describe, expect, it } from "vitest";
import { besideDialog, placeToast, TOAST_MIN_WIDTH_PX, type Box } from "#lib/toast-placement";

const phone = { left: 16, right: 374, height: 72, minTop: 16, maxTop: 844 - 64 - 16 - 72 };
const button = (top: number, left = 16, right = 374): Box => ({ top, bottom: top + 44, left, right });

describe("placeToast", () => {
  it("keeps the usual place when nothing is there to avoid", () => {
    expect(placeToast({ ...phone, preferredTop: phone.maxTop, avoid: [] })).toBe(phone.maxTop);
    expect(placeToast({ ...phone, preferredTop: phone.maxTop, avoid: [button(100)] })).toBe(phone.maxTop);
  });

  it("moves off a dialog's action button to the nearest free place", () => {
    const actions = button(phone.maxTop + 10);
    const top = placeToast({ ...phone, preferredTop: phone.maxTop, avoid: [actions] });
    expect(top + phone.height).toBeLessThanOrEqual(actions.top);
    expect(top).toBeGreaterThan(phone.maxTop - 100);
  });

  it("never lands on any of several buttons when a free place exists", () => {
    const avoid = [button(20), button(300), button(600), button(690)];
    const top = placeToast({ ...phone, preferredTop: phone.maxTop, avoid });
    const toast = { top, bottom: top + phone.height, left: phone.left, right: phone.right };
    for (const box of avoid)
      expect(toast.bottom <= box.top || toast.top >= box.bottom, JSON.stringify({ toast, box })).toBe(true);
  });

  it("ignores buttons beside it (a toast at the right edge beside a centred dialog)", () => {
    const desktop = { left: 1020, right: 1424, height: 72, minTop: 16, maxTop: 812 };
    expect(placeToast({ ...desktop, preferredTop: 812, avoid: [button(800, 500, 940)] })).toBe(812);
  });

  it("covers as little as it can when the whole height is taken", () => {
    const wall: Box = { top: 0, bottom: 900, left: 0, right: 400 };
    const small = button(10);
    const top = placeToast({ ...phone, preferredTop: phone.maxTop, avoid: [wall, small] });
    expect(top).toBeGreaterThanOrEqual(phone.minTop);
    expect(top).toBeLessThanOrEqual(phone.maxTop);
    expect(top).not.toBe(16);
  });

  it("keeps the field being typed in clear even when every place covers something", () => {
    // Controls everywhere but a gap that holds the (narrow) field: covering only it would cover the least.
    const typing: Box = { top: 410, bottom: 454, left: 16, right: 100 };
    const avoid = [
      { top: 0, bottom: 400, left: 0, right: 400 },
      { top: 480, bottom: 900, left: 0, right: 400 },
      typing,
    ];
    const covering = placeToast({ ...phone, preferredTop: phone.maxTop, avoid });
    expect(covering < typing.bottom && covering + phone.height > typing.top).toBe(true);
    const top = placeToast({ ...phone, preferredTop: phone.maxTop, avoid, keepClear: [typing] });
    expect(top + phone.height <= typing.top || top >= typing.bottom).toBe(true);
  });
});

describe("besideDialog", () => {
  // The Post Inventory dialog, 704 px wide and centred.
  const postDialog = (windowWidth: number) => ({
    left: (windowWidth - 704) / 2,
    right: (windowWidth + 704) / 2,
  });
  const usual = { maxWidth: 420, edge: 16 };

  it("puts the toast to the dialog's right, narrower when it must, at 1280 and 1440 px", () => {
    expect(besideDialog({ ...usual, dialog: postDialog(1280), windowWidth: 1280 })).toEqual({
      left: 992,
      right: 1280,
    });
    expect(besideDialog({ ...usual, dialog: postDialog(1440), windowWidth: 1440 })).toEqual({
      left: 1072,
      right: 1440,
    });
  });

  it("keeps its usual width where the room is wider", () => {
    expect(besideDialog({ ...usual, dialog: { left: 500, right: 900 }, windowWidth: 1920 })).toEqual({
      left: 1500,
      right: 1920,
    });
  });

  it("takes the left side when only it has room", () => {
    expect(besideDialog({ ...usual, dialog: { left: 400, right: 1000 }, windowWidth: 1100 })).toEqual({
      left: 0,
      right: 400,
    });
  });

  it("answers none where a toast beside would be narrower than its least width", () => {
    const room = TOAST_MIN_WIDTH_PX + 2 * usual.edge - 1;
    expect(
      besideDialog({ ...usual, dialog: { left: room, right: 1024 - room }, windowWidth: 1024 }),
    ).toBeNull();
    expect(besideDialog({ ...usual, dialog: postDialog(1024), windowWidth: 1024 })).toBeNull();
  });
});
