import { useEffect, useState } from "react";
import {
  CreatePostDialog,
  draftWith,
  emptyDraft,
  type PostDraft,
} from "~/components/post/create-post-dialog";
import { VehicleDetailDialog } from "~/components/post/vehicle-detail-dialog";
import type { PostDetail } from "#lib/api-types";

/** What the composer asked for: the full post form (with the text typed so far, or the photo picker) or a vehicle. */
export type ComposerFormRequest = { form: "post"; title?: string; photos?: boolean } | { form: "vehicle" };

/**
 * The composer's full post form and vehicle form. Loaded the first time either is asked for, then kept mounted
 * with the draft, so a failure or a closed dialog loses nothing; each new request (a new object) opens its form.
 */
export function ComposerForms({
  request,
  onCreated,
}: {
  request: ComposerFormRequest;
  onCreated: (post: PostDetail) => void;
  /** For lazyDialog alone, when the forms' code could not arrive; once here the forms stay, with the draft. */
  onOpenChange: (open: boolean) => void;
}) {
  const [draft, setDraftState] = useState<PostDraft>(emptyDraft);
  const [postFormOpen, setPostFormOpen] = useState(false);
  const [pickPhotos, setPickPhotos] = useState(false);
  // Null until Add Vehicle is first pressed: from then on the dialog stays mounted, so a vehicle half described
  // survives closing it.
  const [vehicleOpen, setVehicleOpen] = useState<boolean | null>(null);
  const setDraft = (update: (d: PostDraft) => PostDraft) => setDraftState((d) => update(d));

  useEffect(() => {
    if (request.form === "vehicle") {
      setVehicleOpen(true);
      return;
    }
    const title = request.title?.trim();
    if (title) setDraftState((d) => ({ ...d, title: d.title || title }));
    setPickPhotos(request.photos ?? false);
    setPostFormOpen(true);
  }, [request]);

  return (
    <>
      {postFormOpen ? (
        <CreatePostDialog
          open
          onOpenChange={setPostFormOpen}
          draft={draft}
          setDraft={setDraft}
          pickPhotosOnOpen={pickPhotos}
          onCreated={onCreated}
        />
      ) : null}
      {vehicleOpen !== null ? (
        <VehicleDetailDialog
          open={vehicleOpen}
          onOpenChange={setVehicleOpen}
          onAdd={(vehicle, photos) => {
            setDraft((d) => draftWith(d, vehicle, photos));
            setPickPhotos(false);
            setPostFormOpen(true);
          }}
        />
      ) : null}
    </>
  );
}
