import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, CardNotice } from "~/components/account/auth-card";
import { Button, buttonClass } from "~/components/ui/button";
import { z } from "zod";
import type { ActionResult } from "#lib/action-result";
import { parseForm } from "#lib/forms";
import { sitePathSchema } from "#lib/redirects";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast, routeFailure } from "~/utils/responses.server";
import { linkToken } from "~/utils/sign-in.server";

export const meta: MetaFunction = () => [
  { title: "Confirm your e-mail · DealerLane" },
  { name: "robots", content: "noindex" },
];

/** Opening the link changes nothing (mail scanners open links): the button confirms. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return {
    token: linkToken(request),
    signedIn: context.viewer !== null,
    alreadyConfirmed: context.viewer?.emailVerified ?? false,
  };
}

/** The link's token (a longer one is cut: it is simply not found) and where Resend returns; neither is ever refused. */
const verifyFormSchema = z.object({
  token: z
    .string()
    .catch("")
    .transform((t) => t.slice(0, 200)),
  back: sitePathSchema,
});

/** `confirm` spends the link's token; `resend` (the banner's button, signed in) sends a new link. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, verifyFormSchema);
  const { token, back } = submission.status === "success" ? submission.value : { token: "", back: "/" };
  try {
    if (form.get("intent") === "resend") {
      if (!context.viewer)
        return data<VerifyResult>({ ok: false, error: "Please sign in to continue" }, { status: 401 });
      await context.services.auth.resendConfirmation(context.viewer.accountId);
      return redirectWithToast(
        back,
        { title: "Confirmation sent", description: `We sent a new link to ${context.viewer.email}.` },
        request,
      );
    }
    const from = { ip: context.clientIp, url: request.url, ...context.client };
    await context.services.auth.verifyEmail(token, from);
    return data<VerifyResult>({ ok: true });
  } catch (error) {
    const failure = routeFailure(error, { title: "Confirmation failed" });
    return data<VerifyResult>({ ok: false, error: failure.toast.description }, { status: failure.status });
  }
}

type VerifyResult = ActionResult<{ error?: string }>;

export default function VerifyEmail() {
  const { token, signedIn, alreadyConfirmed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  if (answer?.ok || (alreadyConfirmed && !answer))
    return (
      <AuthCard title="Your e-mail is confirmed">
        <CardNotice tone="success">
          Thank you. Deal alerts and receipts now reach you by e-mail
          {alreadyConfirmed ? "" : ", starting with any that waited"}.
        </CardNotice>
        <Link to={signedIn ? "/" : "/login"} className={`${buttonClass("primary")} mt-4 w-full`}>
          {signedIn ? "Go to my feed" : "Sign in"}
        </Link>
      </AuthCard>
    );
  return (
    <AuthCard
      title="Confirm your e-mail"
      intro="Confirming your address lets DealerLane send your deal alerts and receipts."
    >
      {answer?.error ? <CardNotice tone="error">{answer.error}</CardNotice> : null}
      {token ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" name="intent" value="confirm" className="w-full" disabled={busy}>
            {busy ? "Confirming…" : "Confirm my e-mail"}
          </Button>
        </Form>
      ) : (
        <CardNotice tone="error">
          This confirmation link is not complete. Open the link from the e-mail again.
        </CardNotice>
      )}
      {answer?.error && signedIn ? (
        <Form method="post" className="mt-3">
          <Button type="submit" name="intent" value="resend" variant="secondary" className="w-full">
            Send me a new link
          </Button>
        </Form>
      ) : null}
    </AuthCard>
  );
}
