import { Dialog } from "radix-ui";
import { Avatar } from "~/components/ui/avatar";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import { Phone, Video } from "~/components/ui/icons";
import type { ChatParticipant } from "#lib/api-types";

/** A ringing call: who calls, Decline and Accept; closing it declines. */
export function IncomingCallDialog({
  caller,
  video,
  answering,
  onAnswer,
  onOpenChange,
}: {
  caller: ChatParticipant;
  video: boolean;
  answering: boolean;
  onAnswer: (verdict: "accept" | "decline") => void;
  /** Closed by Escape or outside: the call is declined. */
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <DialogFrame
        overlay="z-[55] bg-black/60"
        sheet
        className="fixed top-1/2 left-1/2 z-[56] flex w-[min(22rem,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-4 rounded-xl bg-white p-6 text-center shadow-xl dark:bg-slate-900"
        data-testid="incoming-call"
      >
        <DialogHeader>{video ? "Incoming video call" : "Incoming voice call"}</DialogHeader>
        <Avatar name={caller.name} src={caller.avatar} />
        <Dialog.Description className="text-sm text-slate-700 dark:text-slate-300">
          <span className="block text-base font-semibold">{caller.name}</span>
          {caller.dealershipName}
        </Dialog.Description>
        <div className="flex w-full gap-3">
          <button
            type="button"
            onClick={() => onAnswer("decline")}
            disabled={answering}
            className="flex-1 rounded-md bg-red-600 px-4 py-2.5 font-medium text-white hover:bg-red-700 disabled:opacity-60"
          >
            Decline
          </button>
          <button
            type="button"
            onClick={() => onAnswer("accept")}
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
