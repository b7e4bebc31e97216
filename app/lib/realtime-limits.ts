/** Socket and call limits the browser's first load needs, apart from the frame schemas in app/lib/realtime.ts. */

/**
 * The pages whose documents may use the camera and microphone (Permissions-Policy, worker/http/security-headers.ts).
 * The policy is the loaded document's: a call from a page reached by client-side navigation loads /messages anew.
 */
export const CALL_PAGES: readonly string[] = ["/messages"];

/** The longest frame either side reads; anything longer is dropped unread. */
export const FRAME_MAX_LENGTH = 20_000;
