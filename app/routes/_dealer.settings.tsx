import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { ThemeToggle } from "~/components/ui/theme-toggle";
import { INVENTORY_VIEWS, ITEMS_PER_PAGE_OPTIONS } from "~/lib/constants";
import { firstError, parseForm } from "~/lib/forms";
import { settingsFormSchema, type UserSettings } from "~/lib/schemas/settings";
import { toast } from "~/lib/toast";
import { readForm } from "~/utils/form-body.server";
import { requireDealer } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Settings · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  return { settings: await context.services.settings.forAccount(viewer.accountId) };
}

/** SAVE SETTINGS: the whole form, stored per account (works before JavaScript loads). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const submission = parseForm(await readForm(request), settingsFormSchema);
  if (submission.status !== "success") {
    const message = firstError(submission.error, Object.keys(submission.error ?? {}));
    return data(
      { ok: false as const, at: Date.now(), message: message ?? "Failed to save settings" },
      { status: 400 },
    );
  }
  const settings = await context.services.settings.update(viewer.accountId, submission.value);
  return { ok: true as const, at: Date.now(), settings };
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
        <p className="text-sm text-slate-600 dark:text-slate-400">{intro}</p>
      </div>
      {children}
    </fieldset>
  );
}

/** A switch that is a real checkbox underneath: it submits with the form, JavaScript or not. */
function Toggle({
  name,
  label,
  hint,
  defaultChecked,
}: {
  name: keyof UserSettings;
  label: string;
  hint: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-4 py-1">
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{hint}</span>
      </span>
      <input
        type="checkbox"
        role="switch"
        name={name}
        value="true"
        defaultChecked={defaultChecked}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-400 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5 dark:bg-slate-700"
      />
    </label>
  );
}

export default function Settings() {
  const { settings } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";

  useEffect(() => {
    if (!result) return;
    if (result.ok)
      toast({
        title: "Settings Saved",
        description: "Your settings have been saved and now apply across DealerLane.",
      });
    else toast({ title: "Error", description: result.message, variant: "destructive" });
  }, [result]);

  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4 px-3 sm:px-0">
      <h1 className="text-2xl font-bold">Settings</h1>
      <div className="flex items-center justify-between rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <div>
          <h2 className="font-semibold">Theme</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Dark or light; remembered on this device and applied at once.
          </p>
        </div>
        <ThemeToggle />
      </div>

      <Form method="post" className="flex flex-col gap-4" key={JSON.stringify(settings)}>
        <Card title="Notifications" intro="Which alerts DealerLane may send you. Saved to your account.">
          <Toggle
            name="emailNotifications"
            label="Email notifications"
            hint="Deal alerts and account news by e-mail"
            defaultChecked={settings.emailNotifications}
          />
          <Toggle
            name="pushNotifications"
            label="Push notifications"
            hint="Alerts on this device while DealerLane is open"
            defaultChecked={settings.pushNotifications}
          />
          <Toggle
            name="messageNotifications"
            label="Message notifications"
            hint="Tell me when a dealer messages me"
            defaultChecked={settings.messageNotifications}
          />
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
                  <span className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    {VIEW_LABELS[view].hint}
                  </span>
                </label>
              ))}
            </div>
          </div>
        </Card>

        <Card
          title="Privacy"
          intro="What other dealers see on your cards, profile and in search. Admins always see your contact details."
        >
          <Toggle
            name="showEmail"
            label="Show my email"
            hint="Off: other dealers see 'Email hidden'"
            defaultChecked={settings.showEmail}
          />
          <Toggle
            name="showPhone"
            label="Show my phone number"
            hint="Off: other dealers see 'Phone hidden'"
            defaultChecked={settings.showPhone}
          />
          <Toggle
            name="showOnlineStatus"
            label="Show when I'm online"
            hint="Off: no online dot or last-active time"
            defaultChecked={settings.showOnlineStatus}
          />
        </Card>

        <Button type="submit" disabled={saving} className="self-end">
          {saving ? "SAVING…" : "SAVE SETTINGS"}
        </Button>
      </Form>
    </section>
  );
}
