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

const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * One POST to a provider within PROVIDER_TIMEOUT_MS; its answer when it is a success. Unreachable, 429 and 5xx
 * are worth retrying, other 4xx are not; `refusal` may first name a failure of the provider's own.
 */
export async function postWithin(
  fetcher: typeof fetch,
  provider: string,
  url: string,
  init: { headers: HeadersInit; body: BodyInit },
  refusal?: (response: Response) => ProviderError | undefined,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetcher(url, {
      method: "POST",
      ...init,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ProviderError(`${provider} could not be reached: ${reason}`, true);
  }
  const refused = refusal?.(response);
  if (refused) throw refused;
  if (!response.ok) {
    const text = (await response.text().catch(() => "")).slice(0, 300);
    const retryable = response.status === 429 || response.status >= 500;
    throw new ProviderError(`${provider} answered ${response.status}: ${text}`, retryable);
  }
  return response;
}

/** One POST to an e-mail or SMS provider's API; the message id it answers (`idField` of its JSON). */
export async function postToProvider(
  fetcher: typeof fetch,
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: string },
  idField: string,
): Promise<string> {
  const response = await postWithin(fetcher, provider, url, init);
  const id = ((await response.json().catch(() => ({}))) as Record<string, unknown>)[idField];
  if (typeof id !== "string" || !id)
    throw new ProviderError(`${provider} answered without a message ${idField}`, true);
  return id;
}
