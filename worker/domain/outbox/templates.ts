/**
 * Every e-mail and text DealerLane sends, rendered before it is stored in the outbox: HTML in the product's
 * look (dark header, brand blue, system fonts; tables and inline styles because mail clients ignore the
 * rest), a plain-text part, and the text of an SMS. Add a template here for a new kind of message.
 */
import { PRODUCT_NAME } from "#lib/constants";

export type Detail = { label: string; value: string };

/** What each template needs. `link` and `unsubscribe` are absolute addresses. */
export type TemplateData = {
  /** A dealer's own test e-mail. */
  "test-email": { subject: string; message: string; dealershipName: string };
  /** A dealer's own test text. */
  "test-sms": { message: string; dealershipName: string };
  /** Anything the notification centre holds, by e-mail or text: deal alerts, price drops, connections, deals. */
  notification: {
    title: string;
    body: string;
    link: string | null;
    action?: string;
    details?: Detail[];
    recipientName?: string;
  };
  /** A single-use link to /reset-password. */
  "password-reset": { link: string; minutes: number };
  /** A single-use link to /sign-in-link that signs the owner in, even while wrong passwords hold sign-in back. */
  "sign-in-link": { link: string; minutes: number };
  /** The confirmation link of a new account's e-mail address. */
  "verify-email": { link: string };
};
export type TemplateName = keyof TemplateData;

type Rendered = { subject: string | null; text: string; html: string | null };

const BRAND = "#1d64db";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#0f172a">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`,
    )
    .join("");

/** The frame every e-mail shares. */
function layout(options: {
  preheader: string;
  heading: string;
  content: string;
  footer: string;
  unsubscribeUrl: string | null;
}): string {
  const unsubscribe = options.unsubscribeUrl
    ? ` · <a href="${escapeHtml(options.unsubscribeUrl)}" style="color:#64748b">Unsubscribe from these e-mails</a>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(options.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(options.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="background:#020617;padding:16px 24px">
<span style="display:inline-block;width:12px;height:12px;border-radius:3px;background:${BRAND};margin-right:8px;vertical-align:middle"></span>
<span style="color:#f8fafc;font-size:18px;font-weight:700;vertical-align:middle">${PRODUCT_NAME}</span>
</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;color:#0f172a">${escapeHtml(options.heading)}</h1>
${options.content}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:12px;line-height:18px;color:#64748b">
${escapeHtml(options.footer)}${unsubscribe}
</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
}

function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="border-radius:8px;background:${BRAND}">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(label)}</a>
</td></tr></table>`;
}

function detailsTable(details: readonly Detail[]): string {
  if (details.length === 0) return "";
  const rows = details
    .map(
      (d) =>
        `<tr><td style="width:1%;padding:6px 16px 6px 0;font-size:13px;color:#64748b;white-space:nowrap">${escapeHtml(d.label)}</td><td style="padding:6px 0;font-size:14px;color:#0f172a;font-weight:600">${escapeHtml(d.value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-top:1px solid #e2e8f0;width:100%">${rows}</table>`;
}

const NOTIFICATION_FOOTER = `You get this because of your ${PRODUCT_NAME} notification settings.`;
const ACCOUNT_FOOTER = `You get this because someone used this address on ${PRODUCT_NAME}. If it was not you, ignore this e-mail.`;
const TEST_FOOTER = `You asked ${PRODUCT_NAME} to send this test from Notification Settings.`;

/** The three texts of a message; `unsubscribeUrl` is the address the footer links to (null: transactional). */
export function renderTemplate<T extends TemplateName>(
  template: T,
  data: TemplateData[T],
  unsubscribeUrl: string | null,
): Rendered & { sms: string } {
  switch (template) {
    case "test-email": {
      const d = data as TemplateData["test-email"];
      return {
        subject: d.subject,
        text: `${d.message}\n\n— ${PRODUCT_NAME} test e-mail for ${d.dealershipName}\n${TEST_FOOTER}`,
        html: layout({
          preheader: d.message.slice(0, 120),
          heading: d.subject,
          content: `${paragraphs(d.message)}<p style="margin:0;font-size:13px;color:#64748b">A test e-mail for ${escapeHtml(d.dealershipName)}: e-mail notifications reach you.</p>`,
          footer: TEST_FOOTER,
          unsubscribeUrl: null,
        }),
        sms: d.message,
      };
    }
    case "test-sms": {
      const d = data as TemplateData["test-sms"];
      // The fixed prefix says who sends it, so a test text can never pass for someone else's message.
      const sms = `${PRODUCT_NAME} test for ${d.dealershipName}: ${d.message}`;
      return { subject: null, text: sms, html: null, sms };
    }
    case "notification": {
      const d = data as TemplateData["notification"];
      const details = d.details ?? [];
      const detailText = details.map((x) => `${x.label}: ${x.value}`).join("\n");
      const action = d.action ?? "Open in DealerLane";
      const greeting = d.recipientName ? `Hi ${d.recipientName},\n\n` : "";
      const text = [
        `${greeting}${d.body}`,
        detailText,
        d.link ? `${action}: ${d.link}` : "",
        unsubscribeUrl ? `${NOTIFICATION_FOOTER}\nUnsubscribe: ${unsubscribeUrl}` : NOTIFICATION_FOOTER,
      ]
        .filter(Boolean)
        .join("\n\n");
      return {
        subject: d.title,
        text,
        html: layout({
          preheader: d.body.slice(0, 120),
          heading: d.title,
          content: `${paragraphs(`${greeting}${d.body}`)}${detailsTable(details)}${d.link ? button(d.link, action) : ""}`,
          footer: NOTIFICATION_FOOTER,
          unsubscribeUrl,
        }),
        sms: `${PRODUCT_NAME}: ${d.title}. ${d.body}${d.link ? ` ${d.link}` : ""}`.slice(0, 480),
      };
    }
    case "password-reset": {
      const d = data as TemplateData["password-reset"];
      const body = `Someone asked to reset the password of your ${PRODUCT_NAME} account. The link works once, for ${d.minutes} minutes. If it was not you, ignore this e-mail: your password stays as it is.`;
      return {
        subject: `Reset your ${PRODUCT_NAME} password`,
        text: `${body}\n\nChoose a new password: ${d.link}\n\n${ACCOUNT_FOOTER}`,
        html: layout({
          preheader: `Your link to choose a new password works for ${d.minutes} minutes.`,
          heading: "Reset your password",
          content: `${paragraphs(body)}${button(d.link, "Choose a new password")}`,
          footer: ACCOUNT_FOOTER,
          unsubscribeUrl: null,
        }),
        sms: `${PRODUCT_NAME}: reset your password at ${d.link}`,
      };
    }
    case "sign-in-link": {
      const d = data as TemplateData["sign-in-link"];
      const body = `Someone asked for a link to sign in to your ${PRODUCT_NAME} account without its password. The link works once, for ${d.minutes} minutes. If it was not you, ignore this e-mail: nobody can sign in without it.`;
      return {
        subject: `Your ${PRODUCT_NAME} sign-in link`,
        text: `${body}\n\nSign in: ${d.link}\n\n${ACCOUNT_FOOTER}`,
        html: layout({
          preheader: `Your link to sign in works for ${d.minutes} minutes.`,
          heading: `Sign in to ${PRODUCT_NAME}`,
          content: `${paragraphs(body)}${button(d.link, "Sign in")}`,
          footer: ACCOUNT_FOOTER,
          unsubscribeUrl: null,
        }),
        sms: `${PRODUCT_NAME}: sign in at ${d.link}`,
      };
    }
    case "verify-email": {
      const d = data as TemplateData["verify-email"];
      const body = `Welcome to ${PRODUCT_NAME}! Confirm this is your e-mail address, so that deal alerts and receipts can reach you here.`;
      return {
        subject: `Confirm your e-mail for ${PRODUCT_NAME}`,
        text: `${body}\n\nConfirm my e-mail: ${d.link}\n\n${ACCOUNT_FOOTER}`,
        html: layout({
          preheader: "One click to confirm your e-mail address.",
          heading: "Confirm your e-mail",
          content: `${paragraphs(body)}${button(d.link, "Confirm my e-mail")}`,
          footer: ACCOUNT_FOOTER,
          unsubscribeUrl: null,
        }),
        sms: `${PRODUCT_NAME}: confirm your e-mail at ${d.link}`,
      };
    }
    default:
      throw new Error(`Unknown e-mail template ${String(template)}`);
  }
}
