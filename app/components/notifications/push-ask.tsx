import { Dialog } from "radix-ui";
import { useCallback, useState } from "react";
import { useInboxFrames } from "~/components/chat/inbox-context";
import { Button } from "~/components/ui/button";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import { answerOf, api } from "#lib/api-client";
import type { PushSettings } from "#lib/api-types";
import { PUSH_TEXTS } from "#lib/schemas/push-texts";
import { usePushDevice } from "./use-push-device";

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
  return <AskDialog settings={settings} onClose={() => setSettings(null)} />;
}

function AskDialog({ settings, onClose }: { settings: PushSettings; onClose: () => void }) {
  const { state, problem, turnOn } = usePushDevice(settings);
  return (
    // Not modal: the alert that prompted the question stays usable behind it, and focus stays where it was.
    <Dialog.Root open modal={false} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogFrame
        sheet
        className="fixed inset-x-3 bottom-20 z-50 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:right-auto sm:bottom-4 sm:left-4 sm:w-[26rem] dark:border-slate-700 dark:bg-slate-900"
        data-testid="push-ask"
        onOpenAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>{PUSH_TEXTS.askAfterAlert}</DialogHeader>
        <Dialog.Description className="text-sm text-muted">{PUSH_TEXTS.reason}</Dialog.Description>
        {problem ? (
          <p role="status" className="text-xs text-amber-700 dark:text-amber-400">
            {problem}
          </p>
        ) : null}
        <DialogActions cancelLabel={state === "on" ? "Close" : "Not now"}>
          <Button
            disabled={state !== "off"}
            onClick={() => void turnOn().then((on) => (on ? onClose() : undefined))}
          >
            {state === "working" ? "Turning on…" : PUSH_TEXTS.turnOn}
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
