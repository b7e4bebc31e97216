/** What the e-mail and SMS adapters share: the message they get, what they answer, how they fail. */

export type OutgoingEmail = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** RFC 8058 one-click address, sent as List-Unsubscribe headers; null for transactional mail. */
  unsubscribeUrl: string | null;
  idempotencyKey: string;
};

export type OutgoingSms = { id: string; to: string; body: string; idempotencyKey: string };

export type SendResult = { provider: string; providerId: string };

/** A provider refused or failed; `retryable` says whether trying again later can help. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

export const PROVIDER_TIMEOUT_MS = 10_000;

/** Turns an HTTP answer into a failure: 429 and 5xx are worth retrying, other 4xx are not. */
export async function failureOf(provider: string, response: Response): Promise<ProviderError> {
  const text = (await response.text().catch(() => "")).slice(0, 300);
  const retryable = response.status === 429 || response.status >= 500;
  return new ProviderError(`${provider} answered ${response.status}: ${text}`, retryable);
}

/** A network failure or a timeout: retryable. */
export function unreachable(provider: string, error: unknown): ProviderError {
  return new ProviderError(
    `${provider} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    true,
  );
}
