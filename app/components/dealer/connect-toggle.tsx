import { useFetcher } from "@remix-run/react";
import { Check, UserPlus } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/ui/button";
import { useActionToast } from "~/components/ui/action-toast";
import type { DealerActionResult } from "~/utils/dealer-directory.server";

/**
 * The Connect / Connected toggle, made real: it posts to the screen's action, which
 * adds or removes the connection. Works as a plain form before JavaScript loads; with it, the label
 * changes at once and the toast tells what happened.
 */
export function ConnectToggle({
  dealerId,
  dealerName,
  connected,
  onChange,
  allowDisconnect = true,
  className = "",
}: {
  dealerId: string;
  dealerName: string;
  connected: boolean;
  onChange?: (connected: boolean) => void;
  allowDisconnect?: boolean;
  className?: string;
}) {
  const fetcher = useFetcher<DealerActionResult>();
  useActionToast(fetcher.data);
  const pendingIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const shown = pendingIntent
    ? pendingIntent === "connect"
    : fetcher.data?.ok && fetcher.data.dealerId === dealerId
      ? Boolean(fetcher.data.connected)
      : connected;
  const reported = useRef<unknown>(null);

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle" || reported.current === data) return;
    reported.current = data;
    if (data.ok && data.dealerId === dealerId) onChange?.(Boolean(data.connected));
  }, [fetcher.data, fetcher.state, dealerId, onChange]);

  const intent = shown ? "disconnect" : "connect";
  if (shown && !allowDisconnect) {
    return (
      <span className={`${buttonClass("secondary", className)} cursor-default`}>
        <Check size={16} /> Connected
      </span>
    );
  }
  return (
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="dealerId" value={dealerId} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-pressed={shown}
        aria-label={shown ? `Connected with ${dealerName}. Disconnect` : `Connect with ${dealerName}`}
        className={buttonClass(shown ? "secondary" : "primary", className)}
      >
        {shown ? <Check size={16} /> : <UserPlus size={16} />}
        {shown ? "Connected" : "Connect"}
      </button>
    </fetcher.Form>
  );
}
