import { useCallback, useEffect, useState } from "react";
import { useInboxFrames } from "~/components/chat/inbox-context";
import type { Offer } from "#lib/api-types";

/**
 * A list of offers kept live: each 'offer' frame from the inbox socket replaces the offer it names, or joins the
 * list when `accepts` says it belongs there (a new offer to this dealer). The loader's list seeds it.
 */
export function useLiveOffers(initial: Offer[], accepts: (offer: Offer) => boolean = () => false) {
  const [offers, setOffers] = useState(initial);
  useEffect(() => setOffers(initial), [initial]);
  const put = useCallback(
    (offer: Offer) =>
      setOffers((list) =>
        list.some((o) => o.id === offer.id)
          ? list.map((o) => (o.id === offer.id ? offer : o))
          : accepts(offer)
            ? [offer, ...list]
            : list,
      ),
    [accepts],
  );
  useInboxFrames((frame) => {
    if (frame.type === "offer") put(frame.offer);
  });
  return { offers, put };
}
