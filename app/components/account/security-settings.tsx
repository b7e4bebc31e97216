import { Form, useNavigation } from "@remix-run/react";
import { Laptop, ShieldCheck, Smartphone } from "~/components/ui/icons";
import type { ActiveSession, SecurityEvent, SecurityEventType } from "#lib/api-types";
import { changePasswordFormSchema } from "#lib/schemas/account-forms";
import type { SubmissionResult } from "~/components/ui/form";
import { useSchemaForm } from "~/components/ui/form";
import { Button } from "~/components/ui/button";
import { RelativeTime } from "~/components/ui/clock";
import { NewPasswordFields, PasswordField } from "~/components/account/account-fields";
import { TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";

const EVENT_LABELS: Record<SecurityEventType, string> = {
  "signed-up": "Account created",
  "signed-in": "Signed in",
  "sign-in-failed": "Failed sign-in (wrong password)",
  "password-changed": "Password changed",
  "password-reset-requested": "Password reset e-mail requested",
  "password-reset": "Password reset with an e-mailed link",
  "sign-in-link-requested": "Sign-in link e-mailed",
  "signed-in-with-link": "Signed in with an e-mailed link",
  "email-verified": "E-mail address confirmed",
  "google-linked": "Google account linked",
  "signed-in-with-google": "Signed in with Google",
  "session-ended": "A session was signed out",
  "other-sessions-ended": "Signed out everywhere else",
};

const where = (device: string, place: string | null) => (place ? `${device} · ${place}` : device);
const isPhone = (device: string) => /iPhone|Android|iPad/.test(device);

/** Change password: the current one, the new one twice. Other sessions end (the toast says how many). */
export function ChangePassword({
  lastResult,
  hasPassword,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  hasPassword: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "change-password";
  const { form, fields, formProps } = useSchemaForm(changePasswordFormSchema, {
    id: "change-password",
    lastResult,
  });
  return (
    <Panel
      headingId="password-heading"
      title={hasPassword ? "Password" : "Set a password"}
      intro={
        hasPassword
          ? "Changing it signs you out everywhere else; this browser stays signed in."
          : "You sign in with Google. To also sign in with your e-mail and a password, sign in with Google again, then set one within 10 minutes."
      }
    >
      <Form method="post" {...formProps} className="flex flex-col gap-3" key={form.id}>
        {hasPassword ? (
          <PasswordField label="Current password" field={fields.currentPassword} kind="current" />
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} />
        </div>
        <Button type="submit" name="intent" value="change-password" className="self-end" disabled={busy}>
          {busy ? "Saving…" : hasPassword ? "Change password" : "Set password"}
        </Button>
      </Form>
    </Panel>
  );
}

/** Every signed-in browser: device, approximate place, last active; sign out one, or everywhere else. */
export function ActiveSessions({ sessions }: { sessions: ActiveSession[] }) {
  const navigation = useNavigation();
  const ending = navigation.state !== "idle" ? navigation.formData?.get("sessionId") : null;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Panel
      headingId="sessions-heading"
      title="Where you're signed in"
      intro="Places are approximate. Sign out any browser you don't recognise, then change your password."
    >
      <ul
        className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
        data-testid="active-sessions"
      >
        {sessions.map((session) => (
          <li key={session.id} className="flex items-center gap-3 py-3" data-testid="active-session">
            <span
              aria-hidden="true"
              className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
            >
              {isPhone(session.device) ? <Smartphone size={18} /> : <Laptop size={18} />}
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 truncate text-sm font-medium">
                  {where(session.device, session.place)}
                </span>
                {session.current ? (
                  <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
                    This browser
                  </span>
                ) : null}
              </span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {session.current ? (
                  "Active now"
                ) : (
                  <>
                    Last active: <RelativeTime at={session.lastActiveAt} />
                  </>
                )}{" "}
                · Signed in: <RelativeTime at={session.createdAt} />
              </span>
            </span>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="sessionId" value={session.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="end-session"
                  variant="secondary"
                  disabled={ending === session.id}
                  aria-label={`Sign out ${where(session.device, session.place)}`}
                >
                  {ending === session.id ? "Signing out…" : "Sign out"}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" className="self-end">
          <Button type="submit" name="intent" value="end-others" variant="secondary">
            Sign out everywhere else
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-muted">You're signed in on this browser only.</p>
      )}
    </Panel>
  );
}

/** The account's audit trail, newest first. */
export function SecurityActivity({ events }: { events: SecurityEvent[] }) {
  return (
    <Panel
      headingId="activity-heading"
      title="Security activity"
      intro="Sign-ins, password changes and sessions ended on your account, kept for a year."
    >
      <ol className="flex flex-col gap-2" data-testid="security-events">
        {events.map((event) => (
          <li key={event.id} className="flex items-start gap-3 text-sm">
            <ShieldCheck
              size={16}
              className={`mt-0.5 shrink-0 ${event.type === "sign-in-failed" ? "text-red-500" : "text-slate-400"}`}
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{EVENT_LABELS[event.type]}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {where(event.device, event.place)} · <RelativeTime at={event.createdAt} />
              </span>
            </span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

/** Export my data, and Delete my account (the password or a fresh Google sign-in, and DELETE typed). */
export function YourData({ hasPassword }: { hasPassword: boolean }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete-account";
  return (
    <Panel
      headingId="your-data"
      title="Your data"
      intro="Download everything you put into DealerLane, or delete your account. The Privacy Policy explains what stays."
    >
      <a
        href="/api/account/export"
        download
        className="self-start text-sm font-medium text-brand-600 underline dark:text-brand-400"
      >
        Export my data (JSON)
      </a>
      <details className="rounded-lg border border-red-300 p-3 dark:border-red-900">
        <summary className="cursor-pointer text-sm font-semibold text-red-700 dark:text-red-400">
          Delete my account
        </summary>
        <p className="mt-2 text-sm text-muted">
          Your account, sessions, settings, posts and comments are deleted for good. Messages other dealers
          already received stay with them, from &ldquo;Deleted dealer&rdquo;.{" "}
          <a href="/privacy#deleting-your-account" className="underline">
            What happens to your data
          </a>
        </p>
        <Form method="post" className="mt-3 flex flex-col gap-3">
          {hasPassword ? (
            <TextField
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
            />
          ) : (
            <p className="text-sm">
              Your account signs in with Google: first{" "}
              <a className="font-medium underline" href="/api/auth/google?redirectTo=%2Fsettings%23your-data">
                sign in with Google again
              </a>
              , then delete within 10 minutes.
            </p>
          )}
          <TextField label="Type DELETE to confirm" name="confirmation" autoComplete="off" />
          <Button
            type="submit"
            name="intent"
            value="delete-account"
            variant="danger"
            className="self-end"
            disabled={deleting}
          >
            {deleting ? "Deleting…" : "Delete my account"}
          </Button>
        </Form>
      </details>
    </Panel>
  );
}
