import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { AuthCard } from "~/components/account/auth-card";
import { SuspendedNotice } from "~/components/account/suspended-notice";
import { Button, linkClass } from "~/components/ui/button";
import { EmailField, PasswordField } from "~/components/account/account-fields";
import { useSchemaForm, type FieldMetadata } from "~/components/ui/form";
import { SUSPENDED_MESSAGE } from "#lib/admin-texts";
import { DEMO_ACCOUNT } from "#lib/constants";
import { googleFailureToast } from "#lib/google-sign-in";
import { DEMO_OFF_MESSAGE, isDemoMode } from "#lib/demo-mode";
import { parseForm } from "#lib/forms";
import { safeRedirect } from "#lib/redirects";
import {
  loginFailureToast,
  loginIntentOf,
  signInFormSchema,
  signUpFormSchema,
  type LoginIntent,
} from "#lib/schemas/login-form";
import { toast, type ToastMessage } from "#lib/toast";
import { readForm } from "~/utils/form-body.server";
import { actionFailure, actionInvalid, redirectWithToast, routeFailure } from "~/utils/responses.server";
import type { ActionResult } from "#lib/action-result";
import { useActionToast } from "~/components/ui/action-toast";
import { signInSource } from "~/utils/sign-in.server";

export const meta: MetaFunction = () => [
  { title: "Sign in · DealerLane" },
  { name: "description", content: "Sign in to DealerLane, the dealer-to-dealer wholesale vehicle network." },
];

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.viewer) throw redirect(context.viewer.dealer ? "/" : "/onboarding");
  return {
    googleConfigured: context.services.google.configured,
    demoMode: isDemoMode(context.env.DEMO_MODE),
  };
}

const FAILURE_TITLE: Record<LoginIntent, string> = {
  login: "Login Failed",
  "demo-login": "Login Failed",
  signup: "Signup Failed",
  "create-demo": "Error",
};

/** The text when the server gives none. */
const FAILURE_FALLBACK: Record<LoginIntent, string> = {
  login: "Invalid email or password",
  "demo-login": "Invalid email or password",
  signup: "Failed to create account",
  "create-demo": "Failed to create demo account",
};

/** Passwords never travel back in a refused form's values. */
const PASSWORDS = ["password", "confirmPassword"];

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = loginIntentOf(form.get("intent"));
  if ((intent === "demo-login" || intent === "create-demo") && !isDemoMode(context.env.DEMO_MODE)) {
    const toast: ToastMessage = {
      title: FAILURE_TITLE[intent],
      description: DEMO_OFF_MESSAGE,
      variant: "destructive",
    };
    return data<ActionResult>({ ok: false, toast }, { status: 403 });
  }
  let credentials: { email: string; password: string } = DEMO_ACCOUNT;
  let submission = null;
  let redirectTo = "/";
  if (intent === "login" || intent === "signup") {
    submission = parseForm(form, intent === "signup" ? signUpFormSchema : signInFormSchema);
    if (submission.status !== "success") {
      const toast = loginFailureToast(intent, Object.fromEntries(form), submission.error);
      return actionInvalid(submission.reply({ hideFields: PASSWORDS }), { toast });
    }
    credentials = submission.value;
    if ("redirectTo" in submission.value) redirectTo = submission.value.redirectTo;
  }
  const { email, password } = credentials;
  const from = signInSource(context, request);
  const auth = context.services.auth;
  try {
    switch (intent) {
      case "signup": {
        const { cookies } = await auth.signUp(email, password, from);
        return redirectWithToast(
          "/onboarding",
          { title: "Account Created", description: "Please complete your dealer profile" },
          request,
          cookies,
        );
      }
      case "create-demo": {
        const { cookie } = await auth.createDemoDealer(from);
        return redirectWithToast(
          "/",
          { title: "Demo account created", description: "You are signed in to a fresh demo dealership." },
          request,
          [cookie],
        );
      }
      case "demo-login": {
        const { cookie } = await auth.quickLogin(from);
        return redirectWithToast(
          redirectTo,
          { title: "Welcome back!", description: "You are signed in." },
          request,
          [cookie],
        );
      }
      default: {
        const { cookies } = await auth.signIn(email, password, from);
        return redirectWithToast(
          redirectTo,
          { title: "Welcome back!", description: "You are signed in." },
          request,
          cookies,
        );
      }
    }
  } catch (error) {
    const failure = routeFailure(error, { title: FAILURE_TITLE[intent], fallback: FAILURE_FALLBACK[intent] });
    return actionFailure(failure, {
      result: submission?.reply({ hideFields: PASSWORDS, fieldErrors: failure.fieldErrors }),
    });
  }
}

export default function Login() {
  const [params] = useSearchParams();
  const { googleConfigured, demoMode } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const mode = params.get("mode") === "signup" ? "signup" : "login";
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const googleReason = params.get("google");
  const suspended = googleReason === "suspended" || answer?.toast?.description === SUSPENDED_MESSAGE;
  const { fields, formProps } = useSchemaForm(mode === "signup" ? signUpFormSchema : signInFormSchema, {
    // One form for both modes, never remounted: what the dealer typed while the switch loads stays typed.
    id: "login",
    lastResult: answer?.result,
    onInvalid: (_message, refused) =>
      toast(loginFailureToast(mode, Object.fromEntries(refused.values), refused.errors)),
  });

  // Only the sign-up schema has the confirmation (conform types the fields by the first schema).
  const confirmPassword =
    mode === "signup" ? (fields as Record<string, FieldMetadata<unknown>>).confirmPassword : undefined;

  // A suspended account is told by the notice on the card, not by a toast.
  useActionToast(suspended ? undefined : answer);

  useEffect(() => {
    const failure = googleFailureToast(googleReason);
    if (failure) toast(failure);
  }, [googleReason]);

  const switchTo = mode === "login" ? "signup" : "login";
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const keep = redirectTo !== "/" ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const googleHref =
    redirectTo !== "/" ? `/api/auth/google?redirectTo=${encodeURIComponent(redirectTo)}` : "/api/auth/google";

  return (
    <AuthCard
      title={mode === "login" ? "Sign in to your account" : "Create your account"}
      intro={
        mode === "login"
          ? "Welcome back to the dealer network."
          : "Join thousands of dealers trading wholesale."
      }
    >
      {suspended ? <SuspendedNotice /> : null}
      {googleConfigured ? <GoogleSignIn href={googleHref} /> : null}

      <Form method="post" {...formProps} className="flex flex-col gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField field={fields.email} />
        <PasswordField label="Password" field={fields.password} kind={mode === "login" ? "current" : "new"} />
        {mode === "login" ? (
          <Link
            to="/forgot-password"
            className="-mt-2 self-end text-sm font-medium text-brand-600 underline dark:text-brand-400"
          >
            Forgot password?
          </Link>
        ) : null}
        {confirmPassword ? (
          <PasswordField label="Confirm Password" field={confirmPassword} kind="confirm" />
        ) : null}
        <Button type="submit" name="intent" value={mode} disabled={busyIntent === mode}>
          {busyIntent === mode ? "Please wait…" : mode === "login" ? "Sign In" : "Create Account"}
        </Button>
      </Form>
      {mode === "login" ? (
        // Wrong passwords from elsewhere can pause sign-in on a new browser; the mailbox is a way in they cannot block.
        <Link
          to="/sign-in-link"
          className="mt-3 block text-center text-sm font-medium text-brand-600 underline dark:text-brand-400"
        >
          E-mail me a sign-in link
        </Link>
      ) : null}

      <p className="mt-4 text-center text-sm">
        {mode === "login" ? "New to DealerLane? " : "Already have an account? "}
        <Link to={`/login?mode=${switchTo}${keep}`} className={linkClass}>
          {mode === "login" ? "Create an account" : "Sign in"}
        </Link>
      </p>

      {demoMode ? <DemoAccounts busyIntent={busyIntent} /> : null}
    </AuthCard>
  );
}

/** Quick login and a fresh demo account; shown only while DEMO_MODE is on (README "Configuration"). */
function DemoAccounts({ busyIntent }: { busyIntent: FormDataEntryValue | null | undefined }) {
  return (
    <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-4 dark:border-slate-700">
      <p className="text-sm font-medium">Just looking around?</p>
      <p className="mt-1 text-xs text-muted">
        Demo account: {DEMO_ACCOUNT.email} / {DEMO_ACCOUNT.password}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Form method="post" className="flex-1">
          <input type="hidden" name="email" value={DEMO_ACCOUNT.email} />
          <input type="hidden" name="password" value={DEMO_ACCOUNT.password} />
          <Button
            type="submit"
            name="intent"
            value="demo-login"
            variant="secondary"
            className="w-full"
            disabled={busyIntent === "demo-login"}
          >
            {busyIntent === "demo-login" ? "Signing in…" : "Quick login (demo)"}
          </Button>
        </Form>
        <Form method="post" className="flex-1">
          <Button
            type="submit"
            name="intent"
            value="create-demo"
            variant="secondary"
            className="w-full"
            disabled={busyIntent === "create-demo"}
          >
            {busyIntent === "create-demo" ? "Creating…" : "Create demo account"}
          </Button>
        </Form>
      </div>
    </div>
  );
}

/** Shown only where Google sign-in is configured (under `npm start`, the local stand-in): never a dead end. */
function GoogleSignIn({ href }: { href: string }) {
  return (
    <>
      <a
        href={href}
        className="mt-6 flex min-h-10 w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
      >
        <GoogleMark /> Continue with Google
      </a>
      <div className="my-6 flex items-center gap-3 text-xs text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" /> or with e-mail
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
    </>
  );
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
