import { useState } from "react";
import { Check } from "./icons";
import { Button } from "./button";

/** A new API key, shown this once with a copy button: it is never shown again (only its hash is kept). */
export function ShownOnceKey({ apiKey }: { apiKey: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div
      role="status"
      className="mb-3 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm dark:border-amber-600 dark:bg-amber-950/40"
    >
      <p className="font-medium">Copy this key now: it will not be shown again.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          data-testid="new-api-key"
          className="max-w-full min-w-0 flex-1 overflow-x-auto rounded bg-white px-2 py-1 font-mono text-xs whitespace-nowrap dark:bg-slate-900"
        >
          {apiKey}
        </code>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard.writeText(apiKey).then(() => setCopied(true));
          }}
        >
          {copied ? (
            <>
              <Check size={16} /> Copied
            </>
          ) : (
            "Copy key"
          )}
        </Button>
      </div>
    </div>
  );
}
