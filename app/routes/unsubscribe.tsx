import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageIntro, PublicLayout } from "~/components/public/public-layout";
import { buttonClass } from "~/components/ui/button";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction = () => [
  { title: "Unsubscribe · DealerLane" },
  { name: "robots", content: "noindex" },
];

const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("token") ?? "").slice(0, 600);

/**
 * The link at the foot of every alert e-mail. Opening it changes nothing (mail scanners open links); the
 * button does. Mail apps use the one-click address of the List-Unsubscribe header instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = tokenOf(request);
  const target = token ? await context.services.notifications.unsubscribeTarget(token) : null;
  return { token, label: target?.label ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request);
  const result = await context.services.notifications.unsubscribe(tokenOf(request));
  return { done: result?.label ?? null };
}

export default function Unsubscribe() {
  const { token, label } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <PublicLayout>
      <PageIntro eyebrow="E-mail settings" title="Unsubscribe">
        <p>Choose what DealerLane e-mails you about.</p>
      </PageIntro>
      <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12 sm:px-6">
        {result?.done ? (
          <>
            <h2 className="text-xl font-semibold">You are unsubscribed</h2>
            <p className="text-muted">
              You will no longer get {result.done}. You can turn them back on any time in Notification
              Settings.
            </p>
            <Link to="/notification-settings" className={buttonClass("secondary")}>
              Open Notification Settings
            </Link>
          </>
        ) : label ? (
          <>
            <h2 className="text-xl font-semibold">Stop {label}?</h2>
            <p className="text-muted">
              DealerLane will stop sending you {label}. Everything else stays as it is.
            </p>
            <Form method="post" action={`/unsubscribe?token=${encodeURIComponent(token)}`}>
              <button type="submit" className={buttonClass("primary")}>
                Unsubscribe from {label}
              </button>
            </Form>
          </>
        ) : (
          <>
            <h2 className="text-xl font-semibold">This link does not work</h2>
            <p className="text-muted">
              It may be incomplete. Sign in and open Notification Settings to choose what you hear about.
            </p>
            <Link to="/notification-settings" className={buttonClass("secondary")}>
              Open Notification Settings
            </Link>
          </>
        )}
      </div>
    </PublicLayout>
  );
}
