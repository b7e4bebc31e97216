import { Dialog } from "radix-ui";
import { DialogFrame } from "~/components/ui/dialog-frame";
import { useState, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { DialogHeader } from "~/components/ui/dialog-header";
import { TextField } from "~/components/ui/field";
import { CLEAR_DATA_CONFIRMATION, CLEAR_DATA_TOASTS } from "#lib/admin-texts";
import { answerOf, api } from "#lib/api-client";
import { toast } from "#lib/toast";

/**
 * Clear All Data, for admins only (opened by clear-data-button.tsx, which focus returns to): after a typed
 * confirmation, POST /api/admin/clear-data removes what the demo made — never a real dealer's data.
 */
export function ClearDataDialog({
  open,
  onOpenChange: setOpen,
  returnFocus,
}: {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLButtonElement>;
}) {
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const clear = async () => {
    setBusy(true);
    try {
      await answerOf(api.POST("/api/admin/clear-data", { body: {} }));
      toast({ title: CLEAR_DATA_TOASTS.success });
      setOpen(false);
      setTyped("");
    } catch {
      toast({ title: CLEAR_DATA_TOASTS.failure, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <DialogFrame className="w-[min(28rem,calc(100vw-2rem))] gap-4 p-5" returnFocus={returnFocus}>
        <DialogHeader>Clear the demo&apos;s data</DialogHeader>
        <Dialog.Description className="text-sm text-muted">
          Removes every throwaway demo account with everything it made (posts, comments, messages, deals,
          photos) and the deals of demo dealers. Real dealers&apos; data is never touched. Type{" "}
          <strong>{CLEAR_DATA_CONFIRMATION}</strong> to confirm.
        </Dialog.Description>
        <TextField
          label="Confirmation"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
        />
        <Button
          variant="danger"
          disabled={busy || typed.trim() !== CLEAR_DATA_CONFIRMATION}
          onClick={() => void clear()}
        >
          {busy ? "Clearing…" : "Clear All Data"}
        </Button>
      </DialogFrame>
    </Dialog.Root>
  );
}
