import { Dialog, RadioGroup } from "radix-ui";
import { Button } from "~/components/ui/button";
import { DialogActions, DialogFrame } from "~/components/ui/dialog-frame";
import { DialogHeader } from "~/components/ui/dialog-header";
import { Loader2 } from "~/components/ui/icons";

const QUICK_TYPES = [
  { value: "for-sale", label: "For Sale", hint: "I have vehicles to sell" },
  { value: "request", label: "Requesting", hint: "I'm looking to buy vehicles from the network" },
] as const;

export type QuickPostType = (typeof QUICK_TYPES)[number]["value"];

/** The composer's "What kind of post is this?" step, loaded on its first open with its radio group. */
export function QuickPostDialog({
  text,
  type,
  onTypeChange,
  sending,
  onConfirm,
  onOpenChange,
}: {
  text: string;
  type: QuickPostType;
  onTypeChange: (type: QuickPostType) => void;
  sending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <DialogFrame
        overlay="z-40 bg-black/60"
        data-testid="quick-post-dialog"
        className="w-[min(28rem,92vw)] gap-4 p-4"
      >
        <DialogHeader>What kind of post is this?</DialogHeader>
        <Dialog.Description className="line-clamp-3 rounded-md bg-slate-100 p-2 text-sm wrap-anywhere whitespace-pre-line dark:bg-slate-800">
          {text}
        </Dialog.Description>
        <RadioGroup.Root
          value={type}
          onValueChange={(v) => onTypeChange(v as QuickPostType)}
          aria-label="Post type"
          className="flex flex-col gap-2"
        >
          {QUICK_TYPES.map((option) => (
            <RadioGroup.Item
              key={option.value}
              value={option.value}
              className="flex items-start gap-3 rounded-lg border border-slate-300 p-3 text-left data-[state=checked]:border-brand-500 data-[state=checked]:bg-brand-600/10 dark:border-slate-700"
            >
              <span className="mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full border border-slate-400">
                <RadioGroup.Indicator className="h-2 w-2 rounded-full bg-brand-600" />
              </span>
              <span>
                <span className="block font-semibold">{option.label}</span>
                <span className="block text-sm text-muted">{option.hint}</span>
              </span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        <DialogActions cancelDisabled={sending}>
          <Button onClick={onConfirm} disabled={sending} data-testid="quick-post-confirm">
            {sending ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : null}
            Confirm &amp; Post
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
