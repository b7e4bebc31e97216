import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { PhotoUploader, uploadedUrls, uploadsBusy, type PhotoUpload } from "~/components/post/photo-uploader";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { ShieldCheck } from "~/components/ui/icons";
import type { VerificationRequest } from "#lib/api-types";
import type { ActionResult } from "#lib/action-result";
import { useActionToast } from "~/components/ui/action-toast";
import { VerifiedBadge } from "./dealer-bits";
import { cardClass } from "~/components/ui/panel";

/**
 * /dealer-profile "Get verified": the dealer sends their licence, AuctionACCESS and 5 Mil numbers;
 * an admin checks them and the Verified dealer badge follows. Shows where the newest request stands.
 */
export function VerificationCard({
  verified,
  latest,
  defaults,
}: {
  verified: boolean;
  latest: VerificationRequest | null;
  defaults: { licenseNumber: string; auctionAccessNumber: string; dealership5MilNumber: string };
}) {
  useActionToast(useActionData<ActionResult>());
  const sending = useNavigation().formData?.get("intent") === "verify";
  const [photos, setPhotos] = useState<PhotoUpload[]>([]);
  const documentUrl = uploadedUrls(photos)[0];
  return (
    <section aria-labelledby="verification-heading" className={cardClass} data-testid="verification-card">
      <h2 id="verification-heading" className="flex items-center gap-2 font-semibold">
        <ShieldCheck size={16} /> Dealer verification
      </h2>
      {verified ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <VerifiedBadge /> Dealers see the badge on your cards, posts and profile.
        </p>
      ) : latest?.status === "pending" ? (
        <p className="mt-2 text-sm text-muted">
          Your request is with our team. You will get a notification once it is decided.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">
            {latest?.status === "refused"
              ? `Your last request was not approved${latest.note ? `: ${latest.note}` : "."} You can send a new one.`
              : "Verified dealers carry a badge other dealers trust. Send your numbers and our team checks them by hand."}
          </p>
          <Form method="post" className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <input type="hidden" name="intent" value="verify" />
            <TextField
              label="Dealer licence number"
              name="licenseNumber"
              required
              defaultValue={defaults.licenseNumber}
            />
            <TextField
              label="AuctionACCESS number"
              name="auctionAccessNumber"
              required
              defaultValue={defaults.auctionAccessNumber}
            />
            <TextField
              label="5 Mil number"
              name="dealership5MilNumber"
              required
              defaultValue={defaults.dealership5MilNumber}
            />
            <div className="sm:col-span-3">
              <PhotoUploader
                limit={1}
                photos={photos}
                onChange={setPhotos}
                label="Document photo (optional)"
              />
              {documentUrl ? <input type="hidden" name="documentUrl" value={documentUrl} /> : null}
            </div>
            <Button type="submit" disabled={sending || uploadsBusy(photos)} className="self-start">
              {sending ? "Sending…" : "Request verification"}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
