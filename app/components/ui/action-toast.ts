import { useEffect } from "react";
import type { ActionResult } from "#lib/action-result";
import { toast } from "#lib/toast";

/** Raises the toast of a page action's latest answer, once per answer. */
export function useActionToast(answer: ActionResult | undefined) {
  useEffect(() => {
    if (answer?.toast) toast(answer.toast);
  }, [answer]);
}
