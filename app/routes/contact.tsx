import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckCircle2, Clock, Mail, MapPin, Phone, Send } from "~/components/ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import { PageIntro, PublicLayout } from "~/components/public/public-layout";
import { Button, linkClass } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { fieldProps, useSchemaForm } from "~/components/ui/form";
import { findPosition } from "~/components/public/copy/careers";
import { CONTACT_DEALERSHIP_TYPES, SUPPORT } from "#lib/constants";
import { SUPPORT_HOURS } from "~/components/public/copy/marketing";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_SENT,
  CONTACT_TOPICS,
  CONTACT_TYPE_LABELS,
  contactMessageSchema,
  isContactTopic,
  isHoneypotFilled,
} from "#lib/schemas/contact";
import { pageMeta } from "#lib/seo";
import { parseForm } from "#lib/forms";
import type { ActionResult } from "#lib/action-result";
import { useActionToast } from "~/components/ui/action-toast";
import { readForm } from "~/utils/form-body.server";
import { publicPage, publicPageHeaders } from "~/utils/public-cache.server";
import { actionFailure, actionInvalid, routeFailure } from "~/utils/responses.server";

export const meta = pageMeta({
  title: "Contact Us",
  description: `Questions about DealerLane, a demo for your dealership or help with your account? Write to us or call ${SUPPORT.phone}.`,
  path: "/contact",
});

export const headers = publicPageHeaders;

/** Other public pages link here with `?topic=` (and careers with `&position=`) to prefill a fixed message. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const topic = params.get("topic");
  const position = findPosition(params.get("position"));
  let message = "";
  if (topic === "careers" && position) {
    message = `I'd like to apply for the ${position.title} position (${position.department}, ${position.location}). A little about me:`;
  } else if (isContactTopic(topic)) {
    message = CONTACT_TOPICS[topic];
  }
  const email = params.get("email") ?? "";
  return publicPage(context, request, {
    prefill: { message, email: email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : "" },
  });
}

const NOT_CACHED = { "Cache-Control": "private, no-store" };
const SENT: ActionResult = { ok: true, toast: CONTACT_SENT };

/** Stores the message; works without JavaScript, field errors included. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (isHoneypotFilled(Object.fromEntries(form))) return data(SENT, { headers: NOT_CACHED });
  const submission = parseForm(form, contactMessageSchema);
  if (submission.status !== "success") {
    return actionInvalid(submission.reply(), {}, NOT_CACHED);
  }
  try {
    await context.services.contact.send(submission.value, {
      ip: context.clientIp,
      accountId: context.viewer?.accountId,
    });
  } catch (error) {
    const failure = routeFailure(error, { title: "Message not sent" });
    if (failure.status === 429) failure.toast.title = "Too many messages";
    failure.toast.description = `${failure.toast.description} You can also e-mail ${SUPPORT.email}.`;
    return actionFailure(failure, { result: submission.reply() }, NOT_CACHED);
  }
  return data(SENT, { headers: NOT_CACHED });
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-600/10 text-brand-700 dark:bg-brand-400/15 dark:text-brand-400">
        {icon}
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold">{title}</h2>
        <div className="mt-1 text-sm break-words text-muted">{children}</div>
      </div>
    </section>
  );
}

export default function Contact() {
  const { prefill } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  // After a message is sent the form starts over empty (a new form id resets it, without the prefill).
  const [round, setRound] = useState(0);
  const sent = Boolean(answer?.ok);
  const { form, fields, formProps } = useSchemaForm(contactMessageSchema, {
    id: `contact-${round}`,
    lastResult: answer?.result,
    defaultValue: round > 0 || sent ? { email: "", message: "" } : prefill,
  });

  useActionToast(answer);
  useEffect(() => {
    if (answer?.ok) setRound((r) => r + 1);
  }, [answer]);

  return (
    <PublicLayout>
      <PageIntro eyebrow="We're here to help" title="Contact Us">
        <p>
          Questions about DealerLane, a demo for your dealership, or help with your account? Send us a
          message.
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_22rem]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="contact-form-title" className="text-xl font-bold">
            Send us a message
          </h2>
          <p className="mt-1 text-sm text-muted">Full name, e-mail and message are required.</p>
          {sent ? (
            <div
              role="status"
              className="mt-4 flex gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
            >
              <CheckCircle2 size={20} aria-hidden="true" className="mt-0.5 shrink-0" />
              <p>
                <strong>{CONTACT_SENT.title}.</strong> {CONTACT_SENT.description}
              </p>
            </div>
          ) : null}
          <Form
            key={form.id}
            method="post"
            action="/contact"
            {...formProps}
            className="relative mt-6 flex flex-col gap-5"
            data-testid="contact-form"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField label="Full Name" autoComplete="name" required {...fieldProps(fields.fullName)} />
              <TextField
                label="Email"
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                {...fieldProps(fields.email)}
              />
              <TextField
                label="Dealership Name"
                autoComplete="organization"
                {...fieldProps(fields.dealershipName)}
              />
              <SelectField
                label="Dealership Type"
                {...fieldProps(fields.dealershipType)}
                options={[
                  { value: "", label: "Select a type (optional)" },
                  ...CONTACT_DEALERSHIP_TYPES.map((t) => ({ value: t, label: CONTACT_TYPE_LABELS[t] })),
                ]}
              />
            </div>
            <TextAreaField
              label="Message"
              required
              rows={6}
              placeholder="How can we help?"
              {...fieldProps(fields.message)}
            />
            {/* Honeypot: invisible to people and assistive technology; bots that fill it are answered but ignored. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Leave this field empty</label>
              <input
                id="contact-website"
                name={CONTACT_HONEYPOT_FIELD}
                type="text"
                tabIndex={-1}
                autoComplete="off"
              />
            </div>
            <div>
              <Button type="submit" disabled={sending} className="w-full sm:w-auto">
                <Send size={16} aria-hidden="true" /> {sending ? "Sending…" : "Send Message"}
              </Button>
            </div>
          </Form>
        </section>

        <aside className="flex flex-col gap-4" aria-label="Other ways to reach us">
          <InfoCard icon={<Mail size={20} aria-hidden="true" />} title="Email Support">
            <a href={`mailto:${SUPPORT.email}`} className={linkClass}>
              {SUPPORT.email}
            </a>
            <p className="mt-1">We answer within 24 hours.</p>
          </InfoCard>
          <InfoCard icon={<Phone size={20} aria-hidden="true" />} title="Call Us">
            <a href={SUPPORT.phoneHref} className={linkClass}>
              {SUPPORT.phone}
            </a>
          </InfoCard>
          <InfoCard icon={<MapPin size={20} aria-hidden="true" />} title="Visit Us">
            <address className="not-italic">{SUPPORT.address}</address>
          </InfoCard>
          <InfoCard icon={<Clock size={20} aria-hidden="true" />} title="Business Hours">
            <ul className="flex flex-col gap-0.5" data-testid="business-hours">
              {SUPPORT_HOURS.map((row) => (
                <li key={row.days}>
                  <span className="font-medium text-slate-900 dark:text-slate-100">{row.days}</span>{" "}
                  {row.hours}
                </li>
              ))}
            </ul>
          </InfoCard>
        </aside>
      </div>
    </PublicLayout>
  );
}
