import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { EmailLinkCard } from "~/components/account/auth-card";
import { useSchemaForm } from "~/components/ui/form";
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
  const { fields, formProps } = useSchemaForm(forgotPasswordFormSchema, {
    id: "forgot-password",
    lastResult: answer?.result,
  });
  return (
    <EmailLinkCard
      title="Reset your password"
      intro="Enter the e-mail you sign in with. We will send you a link to choose a new password."
      answer={answer}
      sent={(to) => (
        <>
          If an account exists for {to}, a link to reset its password is on its way. The link works once, for
          30 minutes.
        </>
      )}
      form={{ email: fields.email, props: formProps }}
      submit={{ label: "Send reset link" }}
      remembered="Remembered it?"
    />
  );
}
