/**
 * DEMO_MODE (README "Configuration"): on unless set to "false" (or off/0/no), so a fresh `npm start` has the
 * quick login and create-demo-account buttons; a real launch turns both off.
 */
export function isDemoMode(value: string | undefined): boolean {
  return !/^(false|off|0|no)$/i.test((value ?? "").trim());
}

/** The answer to a demo call while DEMO_MODE is off: the API's 403 message and the /login page's toast. */
export const DEMO_OFF_MESSAGE = "The demo is turned off on this server.";
