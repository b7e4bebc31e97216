import { Form, Link, useNavigation } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import { EmailField } from "~/components/account/account-fields";
import { Button, linkClass } from "~/components/ui/button";
import type { FieldMetadata } from "~/components/ui/form";

/** The centred card of the signed-out account pages (/login's look): sign-in help, reset, confirmation. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-slate-100 to-slate-200 p-4 dark:from-slate-950 dark:to-slate-900">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <Link to="/" className="mb-6 flex items-center gap-2 text-lg font-bold">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          DealerLane
        </Link>
        <h1 className="text-2xl font-bold">{title}</h1>
        {intro ? <div className="mt-1 text-sm text-muted">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/** A status line inside the card: what happened, in words, for screen readers too. */
export function CardNotice({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  const colours =
    tone === "success"
      ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
      : "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md p-3 text-sm ${colours}`}>
      {children}
    </div>
  );
}

type EmailLinkCardProps = {
  title: string;
  intro: string;
  answer: { sentTo?: string | null; error?: string | null } | undefined;
  sent: (to: string) => ReactNode;
  form: { email: FieldMetadata<unknown>; props: ComponentProps<typeof Form> };
  submit: { label: string; intent?: string };
  remembered: string;
};

/**
 * The signed-out card that e-mails a link (reset, sign-in): the same answer whether the address has an
 * account or not, `sent` saying what is on its way.
 */
export function EmailLinkCard({ answer, sent, form, submit, remembered, ...card }: EmailLinkCardProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard {...card}>
      {answer?.sentTo ? (
        <CardNotice tone="success">
          <p className="font-medium">Check your e-mail</p>
          <p className="mt-1">{sent(answer.sentTo)}</p>
        </CardNotice>
      ) : null}
      {answer?.error ? <CardNotice tone="error">{answer.error}</CardNotice> : null}
      <Form method="post" {...form.props} className="mt-4 flex flex-col gap-4">
        <EmailField field={form.email} />
        <Button type="submit" name={submit.intent && "intent"} value={submit.intent} disabled={busy}>
          {busy ? "Sending…" : submit.label}
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        {remembered}{" "}
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
