import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, CardNotice, EmailLinkCard } from "~/components/account/auth-card";
import { Button, linkClass } from "~/components/ui/button";
import { useSchemaForm } from "~/components/ui/form";
import { SIGN_IN_LINK_MINUTES } from "#lib/constants";
import { firstError, parseForm } from "#lib/forms";
import { emailSignInLinkFormSchema, signInWithLinkFormSchema } from "#lib/schemas/account-forms";
import { readForm } from "~/utils/form-body.server";
import {
  actionFailure,
  actionInvalid,
  failureHeaders,
  redirectWithToast,
  routeFailure,
} from "~/utils/responses.server";
import type { ActionResult } from "#lib/action-result";
import { signInSource, linkToken } from "~/utils/sign-in.server";

export const meta: MetaFunction = () => [
  { title: "E-mail me a sign-in link · DealerLane" },
  { name: "robots", content: "noindex" },
];

/** Without a token: the form that sends a link. With one, opening the link changes nothing (mail scanners open links): the button signs in. */
export function loader({ request }: LoaderFunctionArgs) {
  return { token: linkToken(request) };
}

/** `error`: why the link did not sign in, shown on the card; `sentTo`: where a link went. */
type Answer = ActionResult<{ sentTo?: string; error?: string }>;

export const headers = failureHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const from = signInSource(context, request);

  if (form.get("intent") === "sign-in") {
    const submission = parseForm(form, signInWithLinkFormSchema);
    if (submission.status !== "success")
      return data<Answer>({ ok: false, error: firstError(submission.error, ["token"]) }, { status: 400 });
    try {
      const { cookies } = await context.services.auth.signInWithLink(submission.value.token, from);
      return redirectWithToast(
        "/",
        { title: "Welcome back!", description: "You are signed in." },
        request,
        cookies,
      );
    } catch (error) {
      const failure = routeFailure(error, { title: "Sign-in failed" });
      return actionFailure(failure, { error: failure.toast.description });
    }
  }

  // The same page whether the address has an account or not: the e-mail, if any, goes after the answer.
  const submission = parseForm(form, emailSignInLinkFormSchema);
  if (submission.status !== "success") return actionInvalid(submission.reply());
  try {
    await context.services.auth.emailSignInLink(submission.value.email, from);
  } catch (error) {
    const failure = routeFailure(error, { title: "Please wait" });
    return actionFailure(failure, { result: submission.reply(), error: failure.toast.description });
  }
  return data<Answer>({
    ok: true,
    result: submission.reply({ resetForm: true }),
    sentTo: submission.value.email,
  });
}

export default function SignInLink() {
  const { token } = useLoaderData<typeof loader>();
  return token ? <SignInWithLink token={token} /> : <EmailSignInLink />;
}

function EmailSignInLink() {
  const answer = useActionData<Answer>();
  const { fields, formProps } = useSchemaForm(emailSignInLinkFormSchema, {
    id: "email-sign-in-link",
    lastResult: answer?.result,
  });
  return (
    <EmailLinkCard
      title="E-mail me a sign-in link"
      intro="Enter the e-mail you sign in with. We will send you a link that signs you in without your password, even while sign-in is paused after wrong passwords."
      answer={answer}
      sent={(to) => (
        <>
          If an account exists for {to}, a sign-in link is on its way. The link works once, for{" "}
          {SIGN_IN_LINK_MINUTES} minutes.
        </>
      )}
      form={{ email: fields.email, props: formProps }}
      submit={{ label: "E-mail me a sign-in link", intent: "email-link" }}
      remembered="Remembered your password?"
    />
  );
}

function SignInWithLink({ token }: { token: string }) {
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard title="Sign in to DealerLane" intro="This link from your e-mail works once.">
      {answer?.error ? (
        <>
          <CardNotice tone="error">{answer.error}</CardNotice>
          <p className="mt-4 text-sm">
            <Link to="/sign-in-link" className={linkClass}>
              E-mail me a new sign-in link
            </Link>
          </p>
        </>
      ) : null}
      <Form method="post" className="mt-4">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" name="intent" value="sign-in" className="w-full" disabled={busy}>
          {busy ? "Signing in…" : "Sign me in"}
        </Button>
      </Form>
    </AuthCard>
  );
}
