import { postToProvider, type OutgoingSms, type SendResult } from "./email-and-sms";

/**
 * Text messages through Twilio's Messages API over fetch when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and a
 * sender (TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID) are configured; otherwise nothing leaves the machine
 * and the outbox row is marked delivered locally.
 */
export type SmsEnv = {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_MESSAGING_SERVICE_SID?: string;
};

export type SmsSender = {
  provider: "twilio" | "local";
  /** Whether a second send of the same text reaches the dealer once (EmailSender's `deduplicates`). */
  deduplicates: boolean;
  send(sms: OutgoingSms): Promise<SendResult>;
};

export function smsSender(env: SmsEnv, fetcher: typeof fetch = fetch): SmsSender {
  const sid = env.TWILIO_ACCOUNT_SID;
  const token = env.TWILIO_AUTH_TOKEN;
  const sender: Record<string, string> | null = env.TWILIO_MESSAGING_SERVICE_SID
    ? { MessagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID }
    : env.TWILIO_FROM
      ? { From: env.TWILIO_FROM }
      : null;
  if (!sid || !token || !sender) {
    return {
      provider: "local",
      // Nothing leaves the machine.
      deduplicates: true,
      async send(sms) {
        return { provider: "local", providerId: `local-${sms.id}` };
      },
    };
  }
  return {
    provider: "twilio",
    // Twilio's Messages API takes no idempotency key: a repeated request is a second text.
    deduplicates: false,
    async send(sms) {
      const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
      const headers = {
        Authorization: `Basic ${btoa(`${sid}:${token}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
      };
      const body = new URLSearchParams({ To: sms.to, Body: sms.body, ...sender }).toString();
      const providerId = await postToProvider(fetcher, "Twilio", url, { headers, body }, "sid");
      return { provider: "twilio", providerId };
    },
  };
}
