import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { DateTime } from "~/components/ui/clock";
import { TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { ShownOnceKey } from "~/components/ui/shown-once-key";
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, PREMIUM_API_MESSAGE, type ApiKey } from "#lib/api-keys";

/**
 * /settings → API keys: create a key (Premium), see it once, list and revoke keys. Works
 * before JavaScript loads; only the copy button needs it.
 */
export function ApiKeysSettings({
  keys,
  premium,
  newKey,
}: {
  keys: ApiKey[];
  premium: boolean;
  newKey: string | undefined;
}) {
  return (
    <Panel
      id="api-keys"
      headingId="api-keys-title"
      title="API keys"
      intro={
        <>
          Connect your own systems to DealerLane with the{" "}
          <Link to="/api-docs" className="underline">
            public API
          </Link>
          . A key acts as your dealership: keep it secret, and revoke it when a system no longer needs it.
        </>
      }
    >
      {newKey ? <ShownOnceKey apiKey={newKey} /> : null}
      {premium ? (
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="create-api-key" />
          <TextField label="Key name" name="name" maxLength={60} required placeholder="DMS sync" />
          <fieldset className="flex flex-col gap-1 text-sm">
            <legend className="mb-1 font-medium">What the key may do</legend>
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  defaultChecked={scope === "read"}
                  className="h-4 w-4"
                />
                {API_KEY_SCOPE_LABELS[scope]}
              </label>
            ))}
          </fieldset>
          <Button type="submit" className="self-start">
            Create API key
          </Button>
        </Form>
      ) : (
        <p className="text-sm">
          {PREMIUM_API_MESSAGE}{" "}
          <Link to="/plan-management" className={buttonClass("secondary", "ml-1")}>
            See plans
          </Link>
        </p>
      )}
      {keys.length === 0 ? (
        <p className="text-sm text-muted">No API keys yet.</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
          aria-label="Your API keys"
        >
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium break-words">{key.name}</p>
                <p className="text-muted">
                  <code className="font-mono">dl_live_{key.prefix}…</code> · {key.scopes.join(", ")} · created{" "}
                  <DateTime at={key.createdAt} /> ·{" "}
                  {key.lastUsedAt ? (
                    <>
                      last used <DateTime at={key.lastUsedAt} />
                    </>
                  ) : (
                    "never used"
                  )}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-api-key" />
                <input type="hidden" name="id" value={key.id} />
                <Button type="submit" variant="danger" aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
