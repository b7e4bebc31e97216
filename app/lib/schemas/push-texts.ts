/**
 * What the push screens say, apart from the push schemas (app/lib/schemas/push.ts): the shell's push prompt is on
 * every signed-in page's first load, the schemas are not.
 */

/** The screens' words. */
export const PUSH_TEXTS = {
  reason:
    "Offers are won by whoever answers first. Push puts offers, deal alerts and confirmations on this phone's lock screen, even when DealerLane is closed.",
  turnOn: "Turn on push",
  turnOff: "Turn off on this device",
  on: "Push is on for this device.",
  unsupported:
    "This browser cannot get push notifications. On an iPhone, add DealerLane to your Home Screen (Share → Add to Home Screen) and open it from there.",
  noServiceWorker: "Push needs the installed app's service worker, which this page has not started.",
  blocked:
    "Notifications are blocked for DealerLane in this browser. Allow them in the site settings, then come back.",
  dismissed: "Not now. You can turn push on here whenever you like.",
  failed: "This browser could not reach its push service, so push is not on.",
  demo: "Push is for real dealer accounts. In the demo, alerts stay in the bell.",
  askAfterAlert: "Get alerts like this on your phone?",
} as const;

export const PUSH_TOASTS = {
  subscribed: { title: "Push is on", description: "Alerts will reach this device." },
  unsubscribed: { title: "Push is off for this device" },
  switchSaved: { title: "Preferences Updated" },
  switchFailed: { title: "Failed to update notification preferences" },
} as const;
