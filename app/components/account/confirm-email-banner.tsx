import { Form, useLocation, useNavigation } from "@remix-run/react";
import { Mail } from "~/components/ui/icons";

/** Until the dealer opens the confirmation link: a gentle reminder on every dealer screen, with "Resend". */
export function ConfirmEmailBanner({ email }: { email: string }) {
  const location = useLocation();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === "/verify-email";
  return (
    <div
      role="status"
      data-testid="confirm-email-banner"
      className="mx-3 mb-4 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:mx-0 sm:flex-row sm:items-center dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <Mail className="hidden shrink-0 sm:block" size={20} />
      <p className="flex-1">
        <span className="font-semibold">Please confirm your e-mail.</span> We sent a link to {email}. Deal
        alerts and receipts by e-mail and text wait until you open it.
      </p>
      <Form method="post" action="/verify-email">
        <input type="hidden" name="back" value={location.pathname + location.search} />
        <button
          type="submit"
          name="intent"
          value="resend"
          disabled={sending}
          className="min-h-10 rounded-md border border-amber-400 px-3 py-1.5 font-medium hover:bg-amber-100 disabled:opacity-60 dark:border-amber-700 dark:hover:bg-amber-900"
        >
          {sending ? "Sending…" : "Resend"}
        </button>
      </Form>
    </div>
  );
}
