import { useCallback, useState } from "react";
import { useInboxFrames } from "~/components/chat/inbox-context";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { answerOf, api } from "#lib/api-client";
import type { PushSettings } from "#lib/api-types";

/**
 * The question's card and the device's push subscription come when it is asked, not with every page. No
 * "Opening…" while they arrive: the card is not modal and the dealer did not ask for it.
 */
const AskDialog = lazyDialog(
  () => import("./push-ask-dialog").then((m) => m.AskDialog),
  () => null,
);

/** Set once the dealer has been asked on this device: they are never asked again (Notification Settings stays). */
const ASKED_KEY = "dealerlane:push-asked";

/** The live notifications after which the question makes sense: something that is won by answering first. */
const ASK_AFTER = new Set<string>(["deal-alert", "offer"]);

function alreadyAsked(): boolean {
  try {
    return localStorage.getItem(ASKED_KEY) !== null;
  } catch {
    return true;
  }
}

/** Opened from the home screen (an installed app), where a dealer expects a phone's notifications. */
const installed = () =>
  matchMedia("(display-mode: standalone)").matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * Whether to ask at all: the installed app, never asked on this device, a browser that can have push, permission
 * neither given nor refused yet. In a browser tab, Notification Settings is where push is turned on.
 */
async function worthAsking(): Promise<PushSettings | null> {
  if (alreadyAsked() || !installed()) return null;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return null;
  if (Notification.permission !== "default") return null;
  const settings = await answerOf(api.GET("/api/push")).catch(() => null);
  return settings?.available ? settings : null;
}

/**
 * The one time the installed app asks for push on a device, with the reason, right after a deal alert (or a first offer)
 * arrives: the moment it is plain why a phone should buzz. A card in a corner, not a modal, so the alert itself
 * stays in reach. The browser's own permission prompt follows only from the dealer's tap on "Turn on push".
 */
export function PushAsk() {
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const maybeAsk = useCallback(() => {
    void worthAsking().then((found) => {
      if (!found || alreadyAsked()) return;
      localStorage.setItem(ASKED_KEY, new Date().toISOString());
      setSettings(found);
    });
  }, []);
  useInboxFrames((frame) => {
    if (frame.type === "notification" && ASK_AFTER.has(frame.notification.type)) maybeAsk();
  });
  if (!settings) return null;
  return <AskDialog settings={settings} onOpenChange={() => setSettings(null)} />;
}
