import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckCircle2, Clock, Mail, MapPin, Phone, Send } from "~/components/ui/icons";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import { PageIntro, PublicLayout } from "~/components/public/public-layout";
import { Button } from "~/components/ui/button";
import { SelectField, TextField, inputClass } from "~/components/ui/field";
import { findPosition } from "~/lib/careers";
import { CONTACT_DEALERSHIP_TYPES, SUPPORT } from "~/lib/constants";
import { SUPPORT_HOURS } from "~/lib/marketing";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_SENT,
  CONTACT_TOPICS,
  CONTACT_TYPE_LABELS,
  checkContactForm,
  isContactTopic,
  isHoneypotFilled,
  type ContactField,
  type ContactFieldErrors,
} from "~/lib/schemas/contact";
import { publicMeta } from "~/lib/seo";
import { toast, type ToastMessage } from "~/lib/toast";
import { publicPage, publicPageHeaders } from "~/utils/public-cache.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  publicMeta({
    title: "Contact Us",
    description: `Questions about DealerLane, a demo for your dealership or help with your account? Write to us or call ${SUPPORT.phone}.`,
    path: "/contact",
    origin: data?.origin,
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
const FIELDS: ContactField[] = ["fullName", "email", "dealershipName", "dealershipType", "message"];

/** Stores the message (business spec §2 "Contact Us"); works without JavaScript, field errors included. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  if (isHoneypotFilled(form)) return data({ sent: true as const }, { headers: NOT_CACHED });
  const values = Object.fromEntries(
    FIELDS.map((f) => [f, typeof form[f] === "string" ? String(form[f]) : ""]),
  );
  const checked = checkContactForm(form);
  if (!checked.ok) return data({ errors: checked.errors, values }, { status: 400, headers: NOT_CACHED });
  try {
    await context.services.contact.send(checked.message, { ip: context.clientIp });
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 429) {
      const retryAfter =
        (error as { details?: { retryAfterSeconds?: number } }).details?.retryAfterSeconds ?? 3600;
      const failure: ToastMessage = {
        title: "Too many messages",
        description: `${(error as Error).message} You can also e-mail ${SUPPORT.email}.`,
        variant: "destructive",
      };
      return data(
        { toast: failure, values },
        { status: 429, headers: { ...NOT_CACHED, "Retry-After": String(retryAfter) } },
      );
    }
    throw error;
  }
  return data({ sent: true as const }, { headers: NOT_CACHED });
}

function TextAreaField({
  label,
  error,
  ...textarea
}: { label: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} min-h-36`}
        {...textarea}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-600/10 text-brand-700 dark:bg-brand-400/15 dark:text-brand-400">
        {icon}
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold">{title}</h2>
        <div className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">{children}</div>
      </div>
    </section>
  );
}

export default function Contact() {
  const { prefill } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<ContactFieldErrors | null>(null);
  // After a message is sent the form starts over empty (a new key remounts it without the prefill).
  const [round, setRound] = useState(0);
  const sent = Boolean(result && "sent" in result);

  useEffect(() => {
    if (!result) return;
    if ("sent" in result) {
      toast(CONTACT_SENT);
      setClientErrors(null);
      setRound((r) => r + 1);
    } else if ("toast" in result) {
      toast(result.toast);
    }
  }, [result]);

  const errors: ContactFieldErrors = clientErrors ?? (result && "errors" in result ? result.errors : {});
  const values = result && "values" in result ? result.values : null;
  const defaults = values ?? (round > 0 || sent ? { email: "", message: "" } : prefill);

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = Object.fromEntries(new FormData(event.currentTarget));
    if (isHoneypotFilled(form)) return;
    const checked = checkContactForm(form);
    if (checked.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(checked.errors);
    const first = FIELDS.find((f) => checked.errors[f]);
    if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
  }

  function forgetError(field: string) {
    if (clientErrors && field in clientErrors) {
      const rest = { ...clientErrors };
      delete rest[field as ContactField];
      setClientErrors(rest);
    }
  }

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
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Full name, e-mail and message are required.
          </p>
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
            key={round}
            ref={formRef}
            method="post"
            action="/contact"
            noValidate
            onSubmit={checkBeforeSending}
            onChange={(e) => forgetError((e.target as HTMLInputElement).name)}
            className="relative mt-6 flex flex-col gap-5"
            data-testid="contact-form"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Full Name"
                name="fullName"
                autoComplete="name"
                required
                defaultValue={values?.fullName ?? ""}
                error={errors.fullName}
              />
              <TextField
                label="Email"
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                defaultValue={defaults.email ?? ""}
                error={errors.email}
              />
              <TextField
                label="Dealership Name"
                name="dealershipName"
                autoComplete="organization"
                defaultValue={values?.dealershipName ?? ""}
                error={errors.dealershipName}
              />
              <SelectField
                label="Dealership Type"
                name="dealershipType"
                defaultValue={values?.dealershipType ?? ""}
                error={errors.dealershipType}
                options={[
                  { value: "", label: "Select a type (optional)" },
                  ...CONTACT_DEALERSHIP_TYPES.map((t) => ({ value: t, label: CONTACT_TYPE_LABELS[t] })),
                ]}
              />
            </div>
            <TextAreaField
              label="Message"
              name="message"
              required
              rows={6}
              defaultValue={defaults.message ?? ""}
              error={errors.message}
              placeholder="How can we help?"
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
            <a
              href={`mailto:${SUPPORT.email}`}
              className="font-medium text-brand-700 underline dark:text-brand-400"
            >
              {SUPPORT.email}
            </a>
            <p className="mt-1">We answer within 24 hours.</p>
          </InfoCard>
          <InfoCard icon={<Phone size={20} aria-hidden="true" />} title="Call Us">
            <a href={SUPPORT.phoneHref} className="font-medium text-brand-700 underline dark:text-brand-400">
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
