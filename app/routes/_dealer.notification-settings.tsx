import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { BellRing, Mail, MessageSquareText, type IconComponent } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { z } from "zod";
import { useActionToast } from "~/components/ui/action-toast";
import type { ActionResult } from "#lib/action-result";
import { parseForm } from "#lib/forms";
import { buttonClass } from "~/components/ui/button";
import { UNKNOWN_ACTION, byIntent } from "#lib/intents";
import { formatPhone, toE164 } from "#lib/phone";
import { PushDevice } from "~/components/notifications/push-device";
import { PUSH_KINDS, type PushKind } from "#lib/schemas/push";
import { PUSH_TOASTS } from "#lib/schemas/push-texts";
import {
  NOTIFICATION_TOASTS,
  PREFERENCE_KEYS,
  testEmailSchema,
  testSmsSchema,
  triggerDealAlertSchema,
  type AlertPreference,
  type NotificationPreferences,
  type PreferenceKey,
} from "#lib/schemas/notifications";
import type { ToastMessage } from "#lib/toast";
import { booleanInput } from "#lib/schemas/dealer-fields";
import { readForm } from "~/utils/form-body.server";
import { requireDealer } from "~/utils/guards.server";
import { actionFailure, routeFailure } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Notification Settings · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, currentUser } = requireDealer(context, request);
  const push = context.services.push;
  const [preferences, pushKey, pushSwitches] = await Promise.all([
    context.services.notifications.preferences.forDealer(viewer.dealer.id),
    push.publicKey(),
    push.switches(viewer.dealer.id),
  ]);
  const phone = toE164(currentUser.phone);
  return {
    preferences,
    /** The VAPID public key this browser subscribes with; push is for real dealers only. */
    push: { publicKey: pushKey, available: !viewer.dealer.isDemo, switches: pushSwitches },
    phone: phone ? formatPhone(phone) : null,
    /** A phone on the profile that is not a US or Canadian number: texts cannot reach it. */
    unusablePhone: phone ? null : currentUser.phone.trim() || null,
    email: currentUser.email || null,
  };
}

type Intent = "preference" | "push" | "test-sms" | "test-email" | "test-alert";
type SwitchIntent = Extract<Intent, "preference" | "push">;

/** The switch forms: which switch, and its new value (an unticked one is off). */
const preferenceFormSchema = z.object({ key: z.enum(PREFERENCE_KEYS), value: booleanInput.default(false) });
const pushFormSchema = z.object({ key: z.enum(PUSH_KINDS), value: booleanInput.default(false) });

const TEST_SMS = "Your DealerLane text alerts work. Deal alerts and confirmations will reach you here.";
const TEST_EMAIL = {
  subject: "Your DealerLane e-mail notifications work",
  message:
    "This is the test e-mail you asked for from Notification Settings.\n\nDeal alerts, price drops and deal confirmations will arrive at this address, as your settings allow.",
};

/**
 * The switches (each saves at once) and the three tests (a text needs a phone, an e-mail an
 * address, the full alert either). Forms, so each works before JavaScript loads.
 */
/** A test or switch the dealer's own data cannot make (no phone, no e-mail, unknown switch): 400, nothing sent. */
const refused = (toasts: IntentToasts) =>
  data<ActionResult>({ ok: false, toast: { ...toasts.failed, variant: "destructive" } }, { status: 400 });

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer, currentUser } = requireDealer(context, request);
  const dealer = viewer.dealer;
  const form = await readForm(request);
  const toasts = byIntent(TOASTS, form.get("intent"));
  if (!toasts) throw data({ message: UNKNOWN_ACTION }, { status: 400 });
  const intent = form.get("intent") as Intent;
  const notifications = context.services.notifications;
  const done: ActionResult = { ok: true, toast: toasts.ok };
  try {
    if (intent === "preference") {
      const submission = parseForm(form, preferenceFormSchema);
      if (submission.status !== "success") return refused(toasts);
      await notifications.savePreference(dealer.id, submission.value.key, submission.value.value);
      return done;
    }
    if (intent === "push") {
      const submission = parseForm(form, pushFormSchema);
      if (submission.status !== "success") return refused(toasts);
      await context.services.push.setSwitch(dealer.id, submission.value.key, submission.value.value);
      return done;
    }
    if (intent === "test-sms") {
      const input = testSmsSchema.safeParse({ phoneNumber: currentUser.phone, message: TEST_SMS });
      if (!input.success) return refused(toasts);
      await notifications.testSms(dealer, input.data);
      return done;
    }
    if (intent === "test-email") {
      const input = testEmailSchema.safeParse({ email: currentUser.email, ...TEST_EMAIL });
      if (!input.success) return refused(toasts);
      await notifications.testEmail(dealer, input.data);
      return done;
    }
    if (intent === "test-alert") {
      const input = triggerDealAlertSchema.safeParse({
        userPhone: toE164(currentUser.phone) ?? "",
        userEmail: currentUser.email,
        vehicleData: {
          vehicleInfo: "2021 Ford F-150 XLT SuperCrew",
          dealerName: "DealerLane test",
          price: "$34,500",
          location: [currentUser.city, currentUser.state].filter(Boolean).join(", "),
          urgency: "high",
        },
      });
      if (!input.success) return refused(toasts);
      await notifications.triggerDealAlert(dealer, input.data);
      return done;
    }
  } catch (error) {
    const failure = routeFailure(error, { title: toasts.failed.title });
    // A rate limit says why in the server's words.
    if (failure.status !== 429) failure.toast.description = toasts.failed.description;
    return actionFailure(failure);
  }
  throw data({ message: UNKNOWN_ACTION }, { status: 400 });
}

type IntentToasts = { ok: ToastMessage; failed: ToastMessage };
const TOASTS: Record<Intent, IntentToasts> = {
  preference: { ok: NOTIFICATION_TOASTS.preferencesUpdated, failed: NOTIFICATION_TOASTS.preferencesFailed },
  push: { ok: PUSH_TOASTS.switchSaved, failed: PUSH_TOASTS.switchFailed },
  "test-sms": { ok: NOTIFICATION_TOASTS.smsSent, failed: NOTIFICATION_TOASTS.smsFailed },
  "test-email": { ok: NOTIFICATION_TOASTS.emailSent, failed: NOTIFICATION_TOASTS.emailFailed },
  "test-alert": { ok: NOTIFICATION_TOASTS.alertSent, failed: NOTIFICATION_TOASTS.alertFailed },
};

/** Every kind of alert, once: its switch under "What to tell you about" and its push switch. */
const SWITCHES: Record<AlertPreference, { label: string; hint: string }> = {
  dealAlerts: {
    label: "Deal alerts",
    hint: "A vehicle you are looking for was just posted, or a dealer wants one you have",
  },
  priceDrops: {
    label: "Price drops",
    hint: "A listing you commented on, or one that matches your request, got cheaper",
  },
  auctionAlerts: { label: "Auction alerts", hint: "Live auctions and run lists from the network" },
  confirmations: { label: "Deal confirmations", hint: "A deal was proposed, confirmed or completed" },
  offers: {
    label: "Offers",
    hint: "An offer or counter-offer on a vehicle, its answer, or its clock running out",
  },
  dealDeadlines: {
    label: "Title and payment deadlines",
    hint: "A title or payment on one of your deals is late (at most once a day)",
  },
};
const ALERT_SWITCHES = Object.entries(SWITCHES) as [AlertPreference, (typeof SWITCHES)[AlertPreference]][];

/** One switch: a form with one button, saved at once; shows the new value while it saves. */
function PreferenceSwitch({
  intent = "preference",
  name,
  label,
  hint,
  checked,
  disabledReason,
}: {
  intent?: SwitchIntent;
  name: PreferenceKey | PushKind;
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabledReason?: string | null;
}) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data);
  const pending = fetcher.formData?.get("key") === name;
  const shown = pending ? fetcher.formData?.get("value") === "true" : checked;
  const id = intent === "push" ? `push-${name}` : `pref-${name}`;
  return (
    <fetcher.Form method="post" className="flex items-center justify-between gap-4 py-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="key" value={name} />
      <input type="hidden" name="value" value={String(!shown)} />
      <span>
        <span id={`${id}-label`} className="block text-sm font-medium">
          {intent === "push" ? <span className="sr-only">Push: </span> : null}
          {label}
        </span>
        <span className="block text-xs text-slate-500 dark:text-slate-400">{hint}</span>
        {disabledReason ? (
          <span className="mt-0.5 block text-xs text-amber-700 dark:text-amber-400">{disabledReason}</span>
        ) : null}
      </span>
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-labelledby={`${id}-label`}
        data-testid={id}
        className={`relative h-6 w-11 shrink-0 rounded-full transition-colors ${
          shown ? "bg-brand-600" : "bg-slate-300 dark:bg-slate-700"
        }`}
      >
        <span
          aria-hidden="true"
          className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${
            shown ? "translate-x-5" : ""
          }`}
        />
      </button>
    </fetcher.Form>
  );
}

function Card({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 className="font-semibold">{title}</h2>
      <p className="mb-1 text-sm text-muted">{intro}</p>
      {children}
    </section>
  );
}

function TestButton({
  intent,
  icon: Icon,
  label,
  disabledReason,
}: {
  intent: Exclude<Intent, SwitchIntent>;
  icon: IconComponent;
  label: string;
  disabledReason: string | null;
}) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data);
  const sending = fetcher.state !== "idle";
  const reasonId = `${intent}-reason`;
  return (
    <fetcher.Form method="post" className="flex flex-col gap-1">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        className={buttonClass("secondary", "w-full justify-start")}
        disabled={Boolean(disabledReason) || sending}
        aria-describedby={disabledReason ? reasonId : undefined}
      >
        <Icon size={16} aria-hidden="true" /> {sending ? "Sending…" : label}
      </button>
      {disabledReason ? (
        <span id={reasonId} className="text-xs text-slate-500 dark:text-slate-400">
          {disabledReason}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

export default function NotificationSettings() {
  const { preferences, push, phone, unusablePhone, email } = useLoaderData<typeof loader>();
  const noPhone = phone
    ? null
    : unusablePhone
      ? `Texts need a US or Canadian number; ${unusablePhone} is not one.`
      : "Add a phone number to your profile to get texts.";
  const noEmail = email ? null : "Add an e-mail address to your profile to get e-mails.";
  const p: NotificationPreferences = preferences;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-3 sm:px-0">
      <header>
        <h1 className="text-2xl font-bold">Notification Settings</h1>
        <p className="text-sm text-muted">
          What DealerLane tells you about, and how. Every switch saves as soon as you flip it. The bell in the
          top bar always shows what is new.
        </p>
      </header>

      <Card title="How to reach you" intro="E-mail and text messages, besides the bell.">
        <PreferenceSwitch
          name="emailEnabled"
          label="E-mail"
          hint={email ? <>To {email}</> : "No e-mail address on your profile"}
          checked={p.emailEnabled}
          disabledReason={p.emailEnabled ? noEmail : null}
        />
        <PreferenceSwitch
          name="smsEnabled"
          label="Text messages (SMS)"
          hint={
            phone ? (
              <>To {phone}; deal alerts, price drops and confirmations only</>
            ) : (
              "No usable phone number on your profile"
            )
          }
          checked={p.smsEnabled}
          disabledReason={p.smsEnabled ? noPhone : null}
        />
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          Wrong number or address?{" "}
          <Link to="/profile-edit" className="font-medium text-brand-600 underline dark:text-brand-400">
            Edit your profile
          </Link>
          .
        </p>
      </Card>

      <Card
        title="What to tell you about"
        intro="Turn a kind of alert off and it stops everywhere: the bell, e-mail and text."
      >
        {ALERT_SWITCHES.map(([key, s]) => (
          <PreferenceSwitch key={key} name={key} label={s.label} hint={s.hint} checked={p[key]} />
        ))}
      </Card>

      <Card
        title="Push notifications"
        intro="On the lock screen of each phone or browser you turn push on for. A tap opens the right screen."
      >
        <PushDevice publicKey={push.publicKey} available={push.available} />
        {push.available ? (
          <div
            role="group"
            aria-labelledby="push-kinds"
            className="border-t border-slate-200 pt-2 dark:border-slate-800"
          >
            <p id="push-kinds" className="text-xs font-medium tracking-wide text-muted uppercase">
              What to push
            </p>
            {ALERT_SWITCHES.map(([key, s]) => (
              <PreferenceSwitch
                key={key}
                intent="push"
                name={key}
                label={s.label}
                hint={p[key] ? "Pushed to your devices" : "Off under What to tell you about"}
                checked={push.switches[key]}
              />
            ))}
          </div>
        ) : null}
      </Card>

      <Card
        title="Send a test"
        intro={
          "Check that alerts reach you. Tests go to the phone and e-mail on your profile, at most 5 of each an hour."
        }
      >
        <div className="mt-1 grid gap-3 sm:grid-cols-3">
          <TestButton
            intent="test-sms"
            icon={MessageSquareText}
            label="Send test SMS"
            disabledReason={noPhone}
          />
          <TestButton intent="test-email" icon={Mail} label="Send test e-mail" disabledReason={noEmail} />
          <TestButton
            intent="test-alert"
            icon={BellRing}
            label="Send test deal alert"
            disabledReason={
              noPhone && noEmail ? "Add a phone number or an e-mail address to your profile." : null
            }
          />
        </div>
      </Card>
    </div>
  );
}
