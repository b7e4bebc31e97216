import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import type { Offer } from "#lib/api-types";
import { OFFER_MESSAGE_MAX } from "#lib/schemas/offer-constants";
import { OFFER_TOASTS } from "#lib/schemas/offer-constants";
import { toast } from "#lib/toast";
import { offerApi } from "./offer-api";
import { OfferPriceField, readPrice, toastOfferFailed } from "./offer-price-field";
import { priceText } from "./offer-words";

/** The acceptance's confirmation arrives on its first open: a chat draws its offer cards at once, not this. */
const AcceptOfferDialog = lazyDialog(() => import("./accept-offer-dialog").then((m) => m.AcceptOfferDialog));

type Props = { offer: Offer; onChange: (offer: Offer) => void };

/**
 * What the signed-in dealer can do with an open offer: on their turn accept, counter or decline; while their
 * own price is on the table, withdraw it. Each answers with a toast and the offer as it now stands.
 */
export function OfferActions({ offer, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  const [countering, setCountering] = useState(false);
  const [accepting, setAccepting] = useState(false);
  if (offer.status !== "open") return null;
  const myTurn = offer.turn === offer.myRole;

  const run = async (call: () => Promise<Offer>, done: { title: string; description?: string }) => {
    setBusy(true);
    try {
      onChange(await call());
      toast(done);
      return true;
    } catch (error) {
      toastOfferFailed(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!myTurn)
    return (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Your price is on the table.</p>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void run(() => offerApi.withdraw(offer.id), OFFER_TOASTS.withdrawn)}
        >
          Withdraw
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-3">
      {countering ? (
        <CounterForm
          offer={offer}
          busy={busy}
          onCancel={() => setCountering(false)}
          onSend={async (price, message) => {
            if (
              await run(
                () => offerApi.counter(offer.id, { price, ...(message ? { message } : {}) }),
                OFFER_TOASTS.countered,
              )
            )
              setCountering(false);
          }}
        />
      ) : (
        <div className="grid grid-cols-3 gap-2">
          <Button disabled={busy} onClick={() => setAccepting(true)}>
            Accept
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setCountering(true)}>
            Counter
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void run(() => offerApi.decline(offer.id), OFFER_TOASTS.declined)}
          >
            Decline
          </Button>
        </div>
      )}
      <AcceptOfferDialog
        open={accepting}
        onOpenChange={setAccepting}
        offer={offer}
        busy={busy}
        onAccept={() =>
          void run(() => offerApi.accept(offer.id), OFFER_TOASTS.accepted).then(
            (ok) => ok && setAccepting(false),
          )
        }
      />
    </div>
  );
}

function CounterForm({
  offer,
  busy,
  onCancel,
  onSend,
}: {
  offer: Offer;
  busy: boolean;
  onCancel: () => void;
  onSend: (price: number, message: string) => Promise<void>;
}) {
  const [price, setPrice] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { dollars, error: wrong } = readPrice(price);
    setError(wrong);
    if (dollars !== undefined) void onSend(dollars, message.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Counter-offer">
      <OfferPriceField
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={error}
        hint={`On the table now: ${priceText(offer.price)}`}
        autoFocus
      />
      <TextAreaField
        label="Message (optional)"
        rows={2}
        maxLength={OFFER_MESSAGE_MAX}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Sending…" : "Send counter"}
        </Button>
      </div>
    </form>
  );
}
