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

/** What a provider answered, read whole within PROVIDER_TIMEOUT_MS. */
export type ProviderAnswer = { headers: Headers; text: string };

/**
 * One POST to a provider within PROVIDER_TIMEOUT_MS; its answer when it is a success. Unreachable, 429 and 5xx
 * are worth retrying, other 4xx are not; `refusal` may first name a failure of the provider's own.
 * The time limit is a timer of its own, cleared once the answer is read: `AbortSignal.timeout`'s stays pending for
 * the whole limit after a quick answer, and a pending timer keeps the outbox courier's Durable Object running.
 */
export async function postWithin(
  fetcher: typeof fetch,
  provider: string,
  url: string,
  init: { headers: HeadersInit; body: BodyInit },
  refusal?: (response: Response) => ProviderError | undefined,
): Promise<ProviderAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer in ${PROVIDER_TIMEOUT_MS} ms`, "TimeoutError")),
    PROVIDER_TIMEOUT_MS,
  );
  try {
    let response: Response;
    try {
      response = await fetcher(url, { method: "POST", ...init, signal: controller.signal });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ProviderError(`${provider} could not be reached: ${reason}`, true);
    }
    const text = await response.text().catch(() => "");
    const refused = refusal?.(response);
    if (refused) throw refused;
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      throw new ProviderError(`${provider} answered ${response.status}: ${text.slice(0, 300)}`, retryable);
    }
    return { headers: response.headers, text };
  } finally {
    clearTimeout(timer);
  }
}

/** A provider's JSON answer as an object, or an empty one when it is not. */
function answerObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One POST to an e-mail or SMS provider's API; the message id it answers (`idField` of its JSON). */
export async function postToProvider(
  fetcher: typeof fetch,
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: string },
  idField: string,
): Promise<string> {
  const { text } = await postWithin(fetcher, provider, url, init);
  const id = answerObject(text)[idField];
  if (typeof id !== "string" || !id)
    throw new ProviderError(`${provider} answered without a message ${idField}`, true);
  return id;
}
