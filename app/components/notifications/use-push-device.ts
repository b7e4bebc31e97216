import { useCallback, useEffect, useState } from "react";
import { answerOf, api, failureText } from "#lib/api-client";
import { PUSH_TEXTS, PUSH_TOASTS } from "#lib/schemas/push-texts";
import { toast } from "#lib/toast";

/**
 * This browser's Web Push, as the dealer sees it: whether it can have push at all (and if not, why), whether it
 * is on, and turning it on and off. Turning on asks the browser's permission (only ever from a tap), subscribes
 * with the site's VAPID key and hands the subscription to the server.
 */
export type PushDeviceState = "checking" | "unavailable" | "blocked" | "off" | "on" | "working";

/** How long to wait for the service worker before saying it is not there (the page registers it on load). */
const SERVICE_WORKER_WAIT_MS = 4000;

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

async function registration(): Promise<ServiceWorkerRegistration | null> {
  const waited = new Promise<null>((resolve) => setTimeout(() => resolve(null), SERVICE_WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, waited]);
}

/** Why this browser cannot have push, or null when it can. */
function unsupportedReason(): string | null {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return PUSH_TEXTS.unsupported;
  return null;
}

export function usePushDevice({ publicKey, available }: { publicKey: string | null; available: boolean }) {
  const [state, setState] = useState<PushDeviceState>("checking");
  /** What the screen says under the button: why push is not on, in the dealer's words. */
  const [problem, setProblem] = useState<string | null>(null);
  /** Settles on a state and says why; answers false (push did not come on). */
  const stop = useCallback((next: PushDeviceState, why: string | null) => {
    setState(next);
    setProblem(why);
    return false;
  }, []);

  useEffect(() => {
    let live = true;
    void (async () => {
      const reason = !available ? PUSH_TEXTS.demo : unsupportedReason();
      if (reason) return live && stop("unavailable", reason);
      const worker = await registration();
      if (!live) return;
      if (!worker) return stop("unavailable", PUSH_TEXTS.noServiceWorker);
      if (Notification.permission === "denied") return stop("blocked", PUSH_TEXTS.blocked);
      const existing = await worker.pushManager.getSubscription();
      if (live) setState(existing && Notification.permission === "granted" ? "on" : "off");
    })();
    return () => {
      live = false;
    };
  }, [available, stop]);

  const turnOn = useCallback(async (): Promise<boolean> => {
    if (!publicKey) return false;
    setState("working");
    setProblem(null);
    const worker = await registration();
    if (!worker) return stop("unavailable", PUSH_TEXTS.noServiceWorker);
    const permission = await Notification.requestPermission();
    if (permission === "denied") return stop("blocked", PUSH_TEXTS.blocked);
    if (permission !== "granted") return stop("off", PUSH_TEXTS.dismissed);
    let subscription: PushSubscription;
    try {
      subscription = await worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
    } catch (error) {
      const detail = error instanceof Error && error.message ? ` (${error.message})` : "";
      return stop("off", `${PUSH_TEXTS.failed}${detail}`);
    }
    try {
      const body = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await answerOf(api.POST("/api/push/subscriptions", { body }));
    } catch (error) {
      await subscription.unsubscribe().catch(() => undefined);
      return stop("off", failureText(error, PUSH_TEXTS.failed));
    }
    setState("on");
    toast(PUSH_TOASTS.subscribed);
    return true;
  }, [publicKey, stop]);

  const turnOff = useCallback(async () => {
    setState("working");
    setProblem(null);
    const worker = await registration();
    const subscription = await worker?.pushManager.getSubscription();
    if (subscription) {
      try {
        await answerOf(api.DELETE("/api/push/subscriptions", { body: { endpoint: subscription.endpoint } }));
      } catch (error) {
        // The server still has the device: it stays on, and the dealer reads why.
        setProblem(failureText(error, PUSH_TEXTS.failed));
        setState("on");
        return;
      }
      await subscription.unsubscribe().catch(() => undefined);
    }
    setState("off");
    toast(PUSH_TOASTS.unsubscribed);
  }, []);

  return { state, problem, turnOn, turnOff };
}
