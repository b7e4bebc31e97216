import type { SessionLookup } from "../domain/accounts/sessions";

/**
 * The sessions this isolate looked up lately, so that a page can go ahead on what the session was a moment ago
 * and confirm it in the same D1 trip as its own reads, instead of a trip of its own first (one trip per page, not
 * two: docs/decisions/0026-one-d1-trip-per-page.md). Nothing here is trusted on its own: every page that goes
 * ahead on a remembered session reads it again, holds its writes until that read agrees, and is answered again
 * from scratch when it does not (worker/http/session.ts).
 */
const REMEMBERED_MAX = 500;
const REMEMBERED_MS = 10 * 60 * 1000;

type Remembered = { lookup: SessionLookup; at: number };
const remembered = new Map<string, Remembered>();

/** The session last seen behind this key, unless it is older than the memory keeps. */
export function rememberedSession(tokenHash: string, now = Date.now()): SessionLookup | null {
  const entry = remembered.get(tokenHash);
  if (!entry) return null;
  if (now - entry.at > REMEMBERED_MS) {
    remembered.delete(tokenHash);
    return null;
  }
  return entry.lookup;
}

/** Keeps the session just read (none: forgets it); the oldest goes when the memory is full. */
export function rememberSession(tokenHash: string, lookup: SessionLookup | null, now = Date.now()) {
  remembered.delete(tokenHash);
  if (!lookup) return;
  // The counts change all the time and are read with every page anyway.
  const { unread: _unread, ...kept } = lookup;
  remembered.set(tokenHash, { lookup: kept, at: now });
  if (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
}

/**
 * Whether a page rendered for `guessed` would be the page for `confirmed`: the same account, dealer, session and
 * plan. "Last active" and the expiry's slide are bookkeeping nothing on a page shows; the bell's count (kept on
 * the dealer's row) is read fresh with every page.
 */
export function sameSession(guessed: SessionLookup, confirmed: SessionLookup | null): boolean {
  return confirmed !== null && fingerprint(guessed) === fingerprint(confirmed);
}

function fingerprint(lookup: SessionLookup) {
  const { viewer, sessionId, startedAt, entitlement } = lookup;
  const dealer = viewer.dealer ? { ...viewer.dealer, lastActiveAt: null, unreadNotifications: null } : null;
  return JSON.stringify([{ ...viewer, dealer }, sessionId, startedAt, entitlement]);
}

/** What a held write fails with when its page's session turned out changed: the page is answered again. */
export class SessionChanged extends Error {
  override name = "SessionChanged";
  constructor() {
    super("The session changed while its page was read; the page is answered again");
  }
}

/**
 * Requests whose page was rendered for a session that turned out changed: the worker answers them again, without
 * a guess. Marked on the request, which every layer shares, not on an answer a layer may copy.
 */
const answerAgain = new WeakSet<Request>();
const noGuessing = new WeakSet<Request>();

export const markAnswerAgain = (request: Request) => answerAgain.add(request);
/** Whether the request must be answered again; it is then answered without a guess. */
export function mustAnswerAgain(request: Request): boolean {
  if (!answerAgain.delete(request)) return false;
  noGuessing.add(request);
  return true;
}
export const mayGuess = (request: Request) => !noGuessing.has(request);
