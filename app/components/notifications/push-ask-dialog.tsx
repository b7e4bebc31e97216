import { Dialog } from "radix-ui";
import { Button } from "~/components/ui/button";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import type { PushSettings } from "#lib/api-types";
import { PUSH_TEXTS } from "#lib/schemas/push-texts";
import { usePushDevice } from "./use-push-device";

/** The installed app's one question about push (see PushAsk): the reason, then "Turn on push" or "Not now". */
export function AskDialog({
  settings,
  onOpenChange,
}: {
  settings: PushSettings;
  onOpenChange: (open: boolean) => void;
}) {
  const { state, problem, turnOn } = usePushDevice(settings);
  const onClose = () => onOpenChange(false);
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
