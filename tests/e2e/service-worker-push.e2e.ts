import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

/**
 * The service worker's Web Push handlers, run in a Node context that stands in for the worker's global scope:
 * offline Chromium cannot receive a real push, so the journeys cannot reach these two handlers.
 */
const ORIGIN = "https://dealerlane.test";
const source = readFileSync(path.join(import.meta.dirname, "../../public/sw.js"), "utf8");

type Shown = { title: string; options: { body: string; tag?: string; data: { url: string } } };
type Window = { url: string; focus: () => Promise<Window>; navigate: (url: string) => Promise<Window> };

function serviceWorker(windows: { url: string }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const navigated: string[] = [];
  const focused: string[] = [];
  const clientWindows: Window[] = windows.map((w) => {
    const client: Window = {
      url: w.url,
      focus: async () => (focused.push(w.url), client),
      navigate: async (url) => (navigated.push(url), client),
    };
    return client;
  });
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: Shown["options"]) =>
        void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => clientWindows,
      openWindow: async (url: string) => void opened.push(url),
    },
    skipWaiting: () => undefined,
  };
  vm.runInNewContext(source, { self, URL, caches: {}, fetch, Response, console });

  /** Dispatches `type` and waits for what it handed to waitUntil. */
  async function dispatch(type: string, event: object) {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }
  return { dispatch, shown, opened, navigated, focused };
}

const pushOf = (data: string) => ({ data: { json: () => JSON.parse(data), text: () => data } });

describe("service worker: Web Push", () => {
  it("shows a push's title, body and tag, and keeps the screen it opens", async () => {
    const sw = serviceWorker();
    const payload = {
      title: "Natalie countered at $31,000",
      body: "Your turn",
      url: "/offers?offer=o1",
      tag: "offer:o1",
    };
    await sw.dispatch("push", pushOf(JSON.stringify(payload)));
    expect(sw.shown).toEqual([
      {
        title: payload.title,
        options: expect.objectContaining({
          body: "Your turn",
          tag: "offer:o1",
          data: { url: "/offers?offer=o1" },
        }),
      },
    ]);
  });

  it("still says something for a push that is not our JSON", async () => {
    const sw = serviceWorker();
    await sw.dispatch("push", pushOf("plain words from a push console"));
    expect(sw.shown[0]).toMatchObject({
      title: "DealerLane",
      options: { body: "plain words from a push console", data: { url: "/notifications" } },
    });
  });

  it("a tap focuses an open DealerLane window and takes it to the push's screen", async () => {
    const sw = serviceWorker([{ url: "https://elsewhere.test/" }, { url: `${ORIGIN}/messages` }]);
    await sw.dispatch("notificationclick", {
      notification: { close: () => undefined, data: { url: "/offers?offer=o1" } },
    });
    expect(sw.focused).toEqual([`${ORIGIN}/messages`]);
    expect(sw.navigated).toEqual([`${ORIGIN}/offers?offer=o1`]);
    expect(sw.opened).toEqual([]);
  });

  it("a tap with no window open opens one; another site's address falls back to the bell", async () => {
    const sw = serviceWorker();
    await sw.dispatch("notificationclick", {
      notification: { close: () => undefined, data: { url: "https://phish.test/login" } },
    });
    expect(sw.opened).toEqual([`${ORIGIN}/notifications`]);
  });
});
