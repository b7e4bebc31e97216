import { ProviderError, postToProvider, type OutgoingEmail, type SendResult } from "./email-and-sms";

/**
 * E-mail: Cloudflare Email Service through the `send_email` binding when
 * `EMAIL` is bound; Resend's REST API when `RESEND_API_KEY` is set instead; otherwise nothing leaves the
 * machine and the outbox row is marked delivered locally (the admin page /admin/outbox shows it).
 */
export type EmailEnv = { EMAIL?: SendEmail; RESEND_API_KEY?: string; EMAIL_FROM?: string };

export type EmailSender = {
  provider: "email-service" | "resend" | "local";
  /**
   * Whether a second send of the same message (same idempotency key) reaches the dealer once: the outbox sends
   * more at a time before recording when it does, since a courier dying in between only repeats the send.
   */
  deduplicates: boolean;
  send(email: OutgoingEmail): Promise<SendResult>;
};

const DEFAULT_EMAIL_FROM = "DealerLane <alerts@dealerlane.app>";

function unsubscribeHeaders(email: OutgoingEmail): Record<string, string> {
  if (!email.unsubscribeUrl) return {};
  return {
    "List-Unsubscribe": `<${email.unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export function emailSender(env: EmailEnv, fetcher: typeof fetch = fetch): EmailSender {
  const from = env.EMAIL_FROM || DEFAULT_EMAIL_FROM;
  const binding = env.EMAIL;
  if (binding) {
    return {
      provider: "email-service",
      // The binding takes no idempotency key.
      deduplicates: false,
      async send(email) {
        try {
          const result = await binding.send({
            from,
            to: email.to,
            subject: email.subject,
            html: email.html,
            text: email.text,
            headers: unsubscribeHeaders(email),
          });
          return { provider: "email-service", providerId: result.messageId };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          // An address the sending domain may not reach will not become reachable by retrying.
          const permanent = /not verified|not allowed|invalid|unauthori[sz]ed/i.test(message);
          throw new ProviderError(`Email Service refused: ${message}`, !permanent);
        }
      },
    };
  }
  const apiKey = env.RESEND_API_KEY;
  if (apiKey) {
    return {
      provider: "resend",
      deduplicates: true,
      async send(email) {
        const headers = {
          Authorization: `Bearer ${apiKey}`,
          "Content-Type": "application/json",
          // Resend keeps this for 24 hours: a retry after a lost answer sends nothing twice.
          "Idempotency-Key": email.idempotencyKey.slice(0, 256),
        };
        const body = JSON.stringify({
          from,
          to: [email.to],
          subject: email.subject,
          html: email.html,
          text: email.text,
          headers: unsubscribeHeaders(email),
        });
        const url = "https://api.resend.com/emails";
        const providerId = await postToProvider(fetcher, "Resend", url, { headers, body }, "id");
        return { provider: "resend", providerId };
      },
    };
  }
  return {
    provider: "local",
    // Nothing leaves the machine.
    deduplicates: true,
    async send(email) {
      return { provider: "local", providerId: `local-${email.id}` };
    },
  };
}
