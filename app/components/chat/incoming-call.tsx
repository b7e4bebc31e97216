import { Dialog } from "radix-ui";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { DialogHeader } from "~/components/ui/dialog-header";
import { Phone, Video } from "~/components/ui/icons";
import { answerOf, api, failureText } from "#lib/api-client";
import type { ChatParticipant } from "#lib/api-types";
import type { LiveCall } from "#lib/realtime";
import { toastError } from "#lib/toast";
import { useInboxFrames } from "./inbox-context";
import { loadCallPage } from "./use-call";

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
  const video = ringing.call.kind === "video";
  return (
    <Dialog.Root open onOpenChange={(open) => !open && void answer("decline")}>
      <DialogFrame
        overlay="z-[55] bg-black/60"
        sheet
        className="fixed top-1/2 left-1/2 z-[56] flex w-[min(22rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-4 rounded-xl bg-white p-6 text-center shadow-xl dark:bg-slate-900"
        data-testid="incoming-call"
      >
        <DialogHeader>{video ? "Incoming video call" : "Incoming voice call"}</DialogHeader>
        <Avatar name={ringing.caller.name} src={ringing.caller.avatar} />
        <Dialog.Description className="text-sm text-slate-700 dark:text-slate-300">
          <span className="block text-base font-semibold">{ringing.caller.name}</span>
          {ringing.caller.dealershipName}
        </Dialog.Description>
        <div className="flex w-full gap-3">
          <button
            type="button"
            onClick={() => void answer("decline")}
            disabled={answering}
            className="flex-1 rounded-md bg-red-600 px-4 py-2.5 font-medium text-white hover:bg-red-700 disabled:opacity-60"
          >
            Decline
          </button>
          <button
            type="button"
            onClick={() => void answer("accept")}
            disabled={answering}
            className="inline-flex flex-1 items-center justify-center gap-2 rounded-md bg-emerald-600 px-4 py-2.5 font-medium text-white hover:bg-emerald-700 disabled:opacity-60"
          >
            {video ? <Video size={16} /> : <Phone size={16} />}
            Accept
          </button>
        </div>
      </DialogFrame>
    </Dialog.Root>
  );
}
