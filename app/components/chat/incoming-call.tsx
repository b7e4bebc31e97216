import { useState } from "react";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { answerOf, api, failureText } from "#lib/api-client";
import type { ChatParticipant } from "#lib/api-types";
import type { LiveCall } from "#lib/realtime";
import { toastError } from "#lib/toast";
import { useInboxFrames } from "./inbox-context";
import { loadCallPage } from "./call-page";

/** The ringing dialog's code comes when a call first rings, not with every signed-in page. */
const IncomingCallDialog = lazyDialog(() =>
  import("./incoming-call-dialog").then((m) => m.IncomingCallDialog),
);

/**
 * A call ringing for this dealer, on every signed-in page of every open tab, through the live
 * inbox: Accept opens the chat and joins the call; Decline, an answer on another tab, the caller hanging up
 * or 30 s without an answer stop the ringing.
 */
export function IncomingCall() {
  const [ringing, setRinging] = useState<{ call: LiveCall; caller: ChatParticipant } | null>(null);
  const [answering, setAnswering] = useState(false);

  useInboxFrames((frame) => {
    if (frame.type === "call-ring") setRinging({ call: frame.call, caller: frame.caller });
    if (frame.type === "call-update")
      setRinging((current) => (current?.call.id === frame.call.id ? null : current));
  });

  async function answer(verdict: "accept" | "decline") {
    if (!ringing || answering) return;
    const { call } = ringing;
    setAnswering(true);
    try {
      await answerOf(
        api.POST("/api/chats/{id}/calls/{callId}", {
          params: { path: { id: call.chatId, callId: call.id } },
          body: { answer: verdict },
        }),
      );
      setRinging(null);
      // A new document: only /messages documents may use the camera (Permissions-Policy).
      if (verdict === "accept") loadCallPage(call.callerId, { join: call.id });
    } catch (error) {
      setRinging(null);
      toastError(failureText(error, "This call has ended"), "Call ended");
    } finally {
      setAnswering(false);
    }
  }

  // Nothing ringing: no dialog in the page at all (every signed-in page renders this).
  if (!ringing) return null;
  return (
    <IncomingCallDialog
      caller={ringing.caller}
      video={ringing.call.kind === "video"}
      answering={answering}
      onAnswer={(verdict) => void answer(verdict)}
      // Also when the dialog's code cannot arrive: the call is declined rather than left ringing unseen.
      onOpenChange={(open) => !open && void answer("decline")}
    />
  );
}
