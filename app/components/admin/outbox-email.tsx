import { useEffect, useRef, useState } from "react";

/**
 * One e-mail of the Outbox, folded shut: its iframe is built the first time the admin unfolds it, and kept
 * after, so a page of 25 e-mails does not parse 25 documents it may never show. The plain text is there from the
 * first paint (a link is read off it without waiting for the frame).
 */
export function OutboxEmail({
  recipient,
  subject,
  html,
  text,
}: {
  recipient: string;
  subject: string | null;
  html: string;
  text: string | null;
}) {
  const fold = useRef<HTMLDetailsElement>(null);
  const [unfolded, setUnfolded] = useState(false);
  // Unfolded before the page's scripts ran: the toggle went unheard, so the frame is built now.
  useEffect(() => {
    if (fold.current?.open) setUnfolded(true);
  }, []);
  return (
    <details
      ref={fold}
      className="mt-2"
      onToggle={(event) => {
        if (event.currentTarget.open) setUnfolded(true);
      }}
    >
      <summary className="cursor-pointer text-sm font-medium text-brand-600 dark:text-brand-400">
        Show the e-mail
      </summary>
      {unfolded ? (
        // sandbox with no permissions: the HTML renders as mail, with no script and no access to this page.
        <iframe
          title={`E-mail to ${recipient}: ${subject ?? ""}`}
          sandbox=""
          srcDoc={html}
          data-testid="outbox-email-frame"
          className="mt-2 h-[520px] w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
        />
      ) : null}
      <pre className="mt-2 max-h-48 overflow-auto rounded-lg bg-slate-100 p-3 text-xs whitespace-pre-wrap dark:bg-slate-800">
        {text}
      </pre>
    </details>
  );
}
