import { Button } from "~/components/ui/button";
import { Plus } from "~/components/ui/icons";
import { useDialogButton } from "~/components/ui/dialog-button";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import type { ChatPeer } from "./conversation";

/** The search's code (Radix's dialog, focus trap and scroll lock) arrives on the first open, not with the chat. */
const AddChatDialog = lazyDialog(() => import("./add-chat-dialog").then((m) => m.AddChatDialog));

/** The chat list's Add Chat: a plain button until its dialog's code first loads, which hands focus back to it. */
export function AddChatButton({
  userId,
  onOpenChat,
}: {
  userId: string;
  onOpenChat: (peer: ChatPeer) => Promise<void>;
}) {
  const { trigger, dialog } = useDialogButton();
  return (
    <>
      <Button variant="secondary" className="shrink-0 px-3" data-testid="add-chat" {...trigger}>
        <Plus size={16} /> Add Chat
      </Button>
      <AddChatDialog {...dialog} userId={userId} onOpenChat={onOpenChat} />
    </>
  );
}
