import type { SubmissionResult } from "@conform-to/react";
import type { ToastMessage } from "#lib/toast";

/**
 * What every page action answers: whether it worked, the toast to raise (if any) and conform's reply, which
 * puts the server's field errors and the typed values back on the form. A page adds what only it shows.
 */
export type ActionResult<Extra extends object = object> = {
  ok: boolean;
  toast?: ToastMessage;
  result?: SubmissionResult<string[]>;
} & Extra;
