import { BellRing } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { PUSH_TEXTS } from "#lib/schemas/push-texts";
import { usePushDevice } from "./use-push-device";

/**
 * This device's push, on /notification-settings: the reason to turn it on, the button, and when push cannot be
 * had here, why (an iPhone outside the installed app, notifications blocked, a demo account).
 */
export function PushDevice({ publicKey, available }: { publicKey: string; available: boolean }) {
  const { state, problem, turnOn, turnOff } = usePushDevice({ publicKey, available });
  const statusId = "push-device-status";
  return (
    <div className="flex flex-col gap-2 py-2" data-testid="push-device" data-state={state}>
      {state === "on" ? (
        <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">{PUSH_TEXTS.on}</p>
      ) : (
        <p className="text-sm">{PUSH_TEXTS.reason}</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {state === "on" ? (
          <Button variant="secondary" onClick={() => void turnOff()} aria-describedby={statusId}>
            {PUSH_TEXTS.turnOff}
          </Button>
        ) : state === "off" || state === "working" ? (
          <Button onClick={() => void turnOn()} disabled={state === "working"} aria-describedby={statusId}>
            <BellRing size={16} aria-hidden="true" />{" "}
            {state === "working" ? "Turning on…" : PUSH_TEXTS.turnOn}
          </Button>
        ) : null}
      </div>
      <p
        id={statusId}
        role="status"
        className={`text-xs ${problem ? "text-amber-700 dark:text-amber-400" : state === "on" ? "sr-only" : "text-muted"}`}
      >
        {state === "checking" ? "Checking this browser…" : (problem ?? (state === "on" ? PUSH_TEXTS.on : ""))}
      </p>
    </div>
  );
}
