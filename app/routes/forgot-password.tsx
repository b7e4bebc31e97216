import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { AuthCard, CardNotice } from "~/components/account/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { fieldProps, useSchemaForm } from "~/components/ui/form";
import { parseForm } from "#lib/forms";
import { forgotPasswordFormSchema } from "#lib/schemas/account-forms";
import { readForm } from "~/utils/form-body.server";
import { routeFailure } from "~/utils/responses.server";

export const meta: MetaFunction = () => [
  { title: "Forgot password · DealerLane" },
  { name: "robots", content: "noindex" },
];

/** The same page whether the address has an account or not: the e-mail, if any, goes after the answer. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await readForm(request), forgotPasswordFormSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply(), sentTo: null, error: null }, { status: 400 });
  const from = {
    ip: context.clientIp,
    url: request.url,
    cookieHeader: request.headers.get("Cookie"),
    ...context.client,
  };
  try {
    await context.services.auth.forgotPassword(submission.value.email, from);
  } catch (error) {
    const failure = routeFailure(error, { title: "Please wait" });
    return data(
      { result: submission.reply(), sentTo: null, error: failure.toast.description ?? null },
      { status: failure.status },
    );
  }
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email, error: null };
}

export default function ForgotPassword() {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { fields, formProps } = useSchemaForm(forgotPasswordFormSchema, {
    id: "forgot-password",
    lastResult: answer?.result,
  });
  return (
    <AuthCard
      title="Reset your password"
      intro="Enter the e-mail you sign in with. We will send you a link to choose a new password."
    >
      {answer?.sentTo ? (
        <CardNotice tone="success">
          <p className="font-medium">Check your e-mail</p>
          <p className="mt-1">
            If an account exists for {answer.sentTo}, a link to reset its password is on its way. The link
            works once, for 30 minutes.
          </p>
        </CardNotice>
      ) : null}
      {answer?.error ? <CardNotice tone="error">{answer.error}</CardNotice> : null}
      <Form method="post" {...formProps} className="mt-4 flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...fieldProps(fields.email)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Sending…" : "Send reset link"}
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        Remembered it?{" "}
        <Link to="/login" className="font-medium text-brand-600 underline dark:text-brand-400">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
