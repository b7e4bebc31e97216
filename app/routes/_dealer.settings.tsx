import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { useActionToast } from "~/components/ui/action-toast";
import type { ActionResult } from "#lib/action-result";
import {
  ActiveSessions,
  ChangePassword,
  SecurityActivity,
  YourData,
} from "~/components/account/security-settings";
import { ApiKeysSettings } from "~/components/account/api-keys-settings";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { ThemeToggle } from "~/components/ui/theme-toggle";
import { apiKeyFormSchema, apiKeyIdSchema } from "#lib/api-keys";
import { INVENTORY_VIEWS, ITEMS_PER_PAGE_OPTIONS } from "#lib/constants";
import { firstError, parseForm } from "#lib/forms";
import { deleteAccountSchema } from "#lib/schemas/account";
import { changePasswordFormSchema } from "#lib/schemas/account-forms";
import { settingsFormSchema, type UserSettings } from "#lib/schemas/settings";
import type { ToastMessage } from "#lib/toast";
import { readForm } from "~/utils/form-body.server";
import { requireDealer } from "~/utils/guards.server";
import { redirectWithToast, routeFailure } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Settings · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const [settings, sessions, events, hasPassword, apiKeys, entitlement] = await Promise.all([
    context.services.settings.forAccount(viewer.accountId),
    context.services.sessions.list(viewer.accountId, context.session?.sessionId ?? "", { limit: 50 }),
    context.services.securityEvents.list(viewer.accountId, { limit: 20 }),
    context.services.accounts.hasPassword(viewer.accountId),
    context.services.apiKeys.list(viewer.dealer.id),
    context.services.subscriptions.entitlement({ accountId: viewer.accountId }),
  ]);
  return {
    settings,
    sessions: sessions.items,
    events: events.items,
    hasPassword,
    apiKeys,
    premium: entitlement.premium,
  };
}

/**
 * SAVE SETTINGS: the whole form, stored per account (works before JavaScript loads). The security forms
 * name their `intent`: change-password, end-session, end-others; the API keys create-api-key, revoke-api-key.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (
    intent === "change-password" ||
    intent === "end-session" ||
    intent === "end-others" ||
    intent === "delete-account"
  )
    return securityAction(intent, form, request, context);
  if (intent === "create-api-key" || intent === "revoke-api-key")
    return apiKeyAction(intent, form, viewer, context);
  const submission = parseForm(form, settingsFormSchema);
  if (submission.status !== "success") {
    const message = firstError(submission.error, Object.keys(submission.error ?? {}));
    return refused(400, message ?? "Failed to save settings");
  }
  await context.services.settings.update(viewer.accountId, submission.value);
  return done({
    title: "Settings Saved",
    description: "Your settings have been saved and now apply across DealerLane.",
  });
}

/** `apiKey`: a key just created, shown once. */
type Answer = ActionResult<{ apiKey?: string }>;
const done = (toast: ToastMessage, extra: Partial<Answer> = {}): Answer => ({ ...extra, ok: true, toast });
const refused = (status: number, description: string, extra: Partial<Answer> = {}) =>
  data<Answer>(
    { ...extra, ok: false, toast: { title: "Error", description, variant: "destructive" } },
    { status },
  );

/** The session a dealer signs out from another browser. */
const endSessionSchema = z.object({ sessionId: z.string().max(100) });

/** /settings → API keys: the same domain calls as POST and DELETE /api/api-keys. */
async function apiKeyAction(
  intent: "create-api-key" | "revoke-api-key",
  form: FormData,
  viewer: { accountId: string; dealer: { id: string } },
  context: ActionFunctionArgs["context"],
) {
  const submission = parseForm(form, intent === "revoke-api-key" ? apiKeyIdSchema : apiKeyFormSchema);
  if (submission.status !== "success")
    return refused(400, firstError(submission.error, ["id", "name", "scopes"]) ?? "Invalid key");
  try {
    if (intent === "revoke-api-key") {
      const { id } = submission.value as z.output<typeof apiKeyIdSchema>;
      await context.services.apiKeys.revoke(viewer.dealer.id, id);
      return done({ title: "API key revoked", description: "It stopped working at once." });
    }
    await context.services.subscriptions.requirePremium({ accountId: viewer.accountId });
    const input = submission.value as z.output<typeof apiKeyFormSchema>;
    const created = await context.services.apiKeys.create(viewer.dealer.id, viewer.accountId, input);
    return done(
      { title: "API key created", description: "Copy it now: it is shown once." },
      { apiKey: created.key },
    );
  } catch (error) {
    const failure = routeFailure(error, { title: "Error" });
    return refused(failure.status, failure.toast.description ?? "Error");
  }
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

async function securityAction(
  intent: "change-password" | "end-session" | "end-others" | "delete-account",
  form: FormData,
  request: Request,
  context: ActionFunctionArgs["context"],
) {
  const session = context.session;
  if (!session || !context.viewer) return refused(401, "Please sign in to continue");
  const current = {
    accountId: context.viewer.accountId,
    tokenHash: session.tokenHash,
    startedAt: session.startedAt,
  };
  const from = { ip: context.clientIp, url: request.url, ...context.client };
  const auth = context.services.auth;
  const PASSWORDS = ["currentPassword", "newPassword", "confirmPassword"];
  if (intent === "change-password") {
    const submission = parseForm(form, changePasswordFormSchema);
    if (submission.status !== "success")
      return refused(400, firstError(submission.error, PASSWORDS) ?? "Check the password fields", {
        result: submission.reply({ hideFields: PASSWORDS }),
      });
    try {
      const { signedOutSessions } = await auth.changePassword(
        current,
        submission.value.currentPassword,
        submission.value.newPassword,
        from,
      );
      return done(
        {
          title: "Password changed",
          description: `${plural(signedOutSessions, "other session")} signed out.`,
        },
        { result: submission.reply({ resetForm: true }) },
      );
    } catch (error) {
      const failure = routeFailure(error, { title: "Password not changed" });
      return refused(failure.status, failure.toast.description ?? "Password not changed", {
        result: submission.reply({ hideFields: PASSWORDS, fieldErrors: failure.fieldErrors }),
      });
    }
  }
  try {
    if (intent === "delete-account") {
      const typed = parseForm(form, deleteAccountSchema);
      if (typed.status !== "success")
        return refused(
          400,
          firstError(typed.error, ["password", "confirmation"]) ?? "Type DELETE to confirm",
        );
      const { cookie } = await auth.deleteAccount(current, typed.value.password, from);
      return redirectWithToast(
        "/",
        {
          title: "Account deleted",
          description: "Your account and data are deleted. Thank you for trading with us.",
        },
        request,
        [cookie],
      );
    }
    if (intent === "end-session") {
      const ended = parseForm(form, endSessionSchema);
      if (ended.status !== "success") return refused(400, "Choose a session to sign out");
      await auth.endSession(current, ended.value.sessionId, from);
      return done({ title: "Signed out", description: "That browser is signed out." });
    }
    const { signedOutSessions } = await auth.endOtherSessions(current, from);
    return done({
      title: "Signed out everywhere else",
      description: `${plural(signedOutSessions, "session")} signed out.`,
    });
  } catch (error) {
    const failure = routeFailure(error, { title: "Error" });
    return refused(failure.status, failure.toast.description ?? "Error");
  }
}

const VIEW_LABELS: Record<UserSettings["inventoryView"], { label: string; hint: string }> = {
  grid: { label: "Grid", hint: "Posts as cards with large photos" },
  list: { label: "List", hint: "One post per row, photo beside the text" },
  compact: { label: "Compact", hint: "Dense rows, no photos: the most posts on screen" },
};

function Card({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <legend className="sr-only">{title}</legend>
      <div>
        <h2 className="font-semibold" aria-hidden="true">
          {title}
        </h2>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      {children}
    </fieldset>
  );
}

/** A switch on the settings form: the setting it saves, its label and what it does. */
type SwitchRow = readonly [name: SwitchName, label: string, hint: string];
type SwitchName = {
  [K in keyof UserSettings]: UserSettings[K] extends boolean ? K : never;
}[keyof UserSettings];

const NOTIFICATION_SWITCHES: SwitchRow[] = [
  ["emailNotifications", "Email notifications", "Deal alerts and account news by e-mail"],
  ["pushNotifications", "Push notifications", "Alerts on this device while DealerLane is open"],
  ["messageNotifications", "Message notifications", "Tell me when a dealer messages me"],
];
const PRIVACY_SWITCHES: SwitchRow[] = [
  ["showEmail", "Show my email", "Off: other dealers see 'Email hidden'"],
  ["showPhone", "Show my phone number", "Off: other dealers see 'Phone hidden'"],
  ["showOnlineStatus", "Show when I'm online", "Off: no online dot or last-active time"],
];

/** Switches that are real checkboxes underneath: they submit with the form, JavaScript or not. */
function Switches({ rows, settings }: { rows: SwitchRow[]; settings: UserSettings }) {
  return rows.map(([name, label, hint]) => (
    <label key={name} className="flex cursor-pointer items-center justify-between gap-4 py-1">
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        name={name}
        value="true"
        defaultChecked={settings[name]}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-400 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5 dark:bg-slate-700"
      />
    </label>
  ));
}

export default function Settings() {
  const { settings, sessions, events, hasPassword, apiKeys, premium } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const saving = useNavigation().state === "submitting";
  useActionToast(answer);

  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 px-3 sm:px-0">
      <h1 className="text-2xl font-bold">Settings</h1>
      <div className="flex items-center justify-between rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <div>
          <h2 className="font-semibold">Theme</h2>
          <p className="text-sm text-muted">Dark or light; remembered on this device and applied at once.</p>
        </div>
        <ThemeToggle />
      </div>

      <Form method="post" className="flex flex-col gap-4" key={JSON.stringify(settings)}>
        <Card title="Notifications" intro="Which alerts DealerLane may send you. Saved to your account.">
          <Switches rows={NOTIFICATION_SWITCHES} settings={settings} />
        </Card>

        <Card title="Display" intro="How many items a list shows at a time, and how the feed lays out posts.">
          <SelectField
            label="Items per page"
            name="itemsPerPage"
            defaultValue={String(settings.itemsPerPage)}
            options={ITEMS_PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
          />
          <div role="radiogroup" aria-labelledby="inventory-view-label" className="flex flex-col gap-2">
            <span id="inventory-view-label" className="text-sm font-medium">
              Inventory view
            </span>
            <div className="grid gap-2 sm:grid-cols-3">
              {INVENTORY_VIEWS.map((view) => (
                <label
                  key={view}
                  className="flex cursor-pointer flex-col rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-600/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-400 dark:border-slate-700"
                >
                  <span className="flex items-center gap-2 text-sm font-medium">
                    <input
                      type="radio"
                      name="inventoryView"
                      value={view}
                      defaultChecked={settings.inventoryView === view}
                      className="h-4 w-4"
                    />
                    {VIEW_LABELS[view].label}
                  </span>
                  <span className="mt-1 text-xs text-muted">{VIEW_LABELS[view].hint}</span>
                </label>
              ))}
            </div>
          </div>
        </Card>

        <Card
          title="Privacy"
          intro="What other dealers see on your cards, profile and in search. Admins always see your contact details."
        >
          <Switches rows={PRIVACY_SWITCHES} settings={settings} />
        </Card>

        <Button type="submit" disabled={saving} className="self-end">
          {saving ? "SAVING…" : "SAVE SETTINGS"}
        </Button>
      </Form>

      <h2 id="security" className="mt-4 text-xl font-bold">
        Security
      </h2>
      <ChangePassword hasPassword={hasPassword} lastResult={answer?.result} />
      <ActiveSessions sessions={sessions} />
      <SecurityActivity events={events} />
      <YourData hasPassword={hasPassword} />
      <ApiKeysSettings keys={apiKeys} premium={premium} newKey={answer?.apiKey} />
    </section>
  );
}
