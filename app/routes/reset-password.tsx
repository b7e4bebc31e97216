import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, CardNotice } from "~/components/account/auth-card";
import { Button, linkClass } from "~/components/ui/button";
import { NewPasswordFields } from "~/components/account/account-fields";
import { useSchemaForm } from "~/components/ui/form";
import { parseForm } from "#lib/forms";
import { resetPasswordFormSchema } from "#lib/schemas/account-forms";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast, routeFailure } from "~/utils/responses.server";
import { signInSource, linkToken } from "~/utils/sign-in.server";

export const meta: MetaFunction = () => [
  { title: "Choose a new password · DealerLane" },
  { name: "robots", content: "noindex" },
];

/** Opening the link changes nothing (mail scanners open links): the form spends the token. */
export function loader({ request }: LoaderFunctionArgs) {
  return { token: linkToken(request) };
}

const PASSWORDS = ["password", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await readForm(request), resetPasswordFormSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: PASSWORDS }), linkError: null }, { status: 400 });
  const { token, password } = submission.value;
  const from = signInSource(context, request);
  try {
    const { cookies } = await context.services.auth.resetPassword(token, password, from);
    return redirectWithToast(
      "/",
      { title: "Password changed", description: "You are signed in. Other sessions were signed out." },
      request,
      cookies,
    );
  } catch (error) {
    const failure = routeFailure(error, { title: "Reset failed" });
    return data(
      { result: submission.reply({ hideFields: PASSWORDS }), linkError: failure.toast.description ?? null },
      { status: failure.status },
    );
  }
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { fields, formProps } = useSchemaForm(resetPasswordFormSchema, {
    id: "reset-password",
    lastResult: answer?.result,
  });
  if (!token)
    return (
      <AuthCard title="Choose a new password">
        <CardNotice tone="error">
          This reset link is not complete. Open the link from the e-mail again.
        </CardNotice>
        <ForgotLink />
      </AuthCard>
    );
  return (
    <AuthCard title="Choose a new password" intro="At least 8 characters. You will be signed in afterwards.">
      {answer?.linkError ? (
        <>
          <CardNotice tone="error">{answer.linkError}</CardNotice>
          <ForgotLink />
        </>
      ) : null}
      <Form method="post" {...formProps} className="mt-4 flex flex-col gap-4">
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Set new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}

function ForgotLink() {
  return (
    <p className="mt-4 text-sm">
      <Link to="/forgot-password" className={linkClass}>
        Send me a new reset link
      </Link>
    </p>
  );
}
