import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Panel } from "~/components/ui/panel";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Home } from "~/components/ui/icons";
import { useId, useState, type ReactNode } from "react";
import { DealerFields } from "~/components/dealer/dealer-fields";
import { ProfilePhotoField, type PhotoValue } from "~/components/dealer/profile-photo-field";
import { Button, buttonClass } from "~/components/ui/button";
import { useSchemaForm } from "~/components/ui/form";
import { firstError, parseForm } from "#lib/forms";
import { profileFormSchema } from "#lib/schemas/profile";
import { toast, type ToastMessage } from "#lib/toast";
import { useActionToast } from "~/components/ui/action-toast";
import { readForm } from "~/utils/form-body.server";
import { requireDealer } from "~/utils/guards.server";
import { actionFailure, actionInvalid, redirectWithToast, routeFailure } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Edit Profile · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const d = viewer.dealer;
  return {
    profile: {
      firstName: d.firstName,
      lastName: d.lastName,
      name: d.name,
      email: d.email,
      phone: d.phone,
      dealershipName: d.dealershipName,
      dealershipType: d.dealershipType,
      profileType: d.profileType,
      buysCanadianVehicles: d.buysCanadianVehicles,
      licenseNumber: d.licenseNumber ?? "",
      website: d.website ?? "",
      description: d.description ?? "",
      address: d.address,
      city: d.city,
      state: d.state,
      zipCode: d.zipCode,
      vehiclesNeeded: d.vehiclesNeeded ?? "",
      vehiclesSold: d.vehiclesSold ?? "",
      avatar: d.avatar,
      dealershipPhoto: d.dealershipPhoto,
    },
  };
}

/** A photo arrives as a compressed data URL (with JavaScript) or as the file itself (before it loads). */
function photosOf(form: FormData) {
  const photos: { avatar?: string | File | null; dealershipPhoto?: string | File | null } = {};
  for (const field of ["avatar", "dealershipPhoto"] as const) {
    if (form.get(`remove-${field}`) === "true") {
      photos[field] = null;
      continue;
    }
    for (const value of form.getAll(field)) {
      if (typeof value === "string" ? value !== "" : value.size > 0) photos[field] = value;
    }
  }
  return photos;
}

/** A profile that cannot be saved is 'Update Failed' with the reason. */
const updateFailed = (message?: string): ToastMessage => ({
  title: "Update Failed",
  description: message || "Failed to update profile. Please try again.",
  variant: "destructive",
});

/** The photos never travel back in a failed submission's values. */
const HIDDEN = ["avatar", "dealershipPhoto"];

/**
 * Saves the profile through the same domain call as PATCH /api/profile, checked with `profileFormSchema`
 * in the browser and here. One multipart form with or without JavaScript; with it, the photos are
 * compressed in the browser first and travel as data URLs.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const form = await readForm(request);
  const submission = parseForm(form, profileFormSchema);
  if (submission.status !== "success") {
    const message = firstError(submission.error, [...PERSONAL, ...DEALERSHIP, ...ADDRESS]);
    return actionInvalid(submission.reply({ hideFields: HIDDEN }), { toast: updateFailed(message) });
  }
  try {
    await context.services.profile.update(viewer.dealer, submission.value, photosOf(form));
  } catch (error) {
    const failure = routeFailure(error, {
      title: "Update Failed",
      fallback: "Failed to update profile. Please try again.",
    });
    return actionFailure(failure, {
      result: submission.reply({ hideFields: HIDDEN, fieldErrors: failure.fieldErrors }),
    });
  }
  return redirectWithToast(
    "/dealer-profile",
    { title: "Profile Updated", description: "Your profile has been successfully updated." },
    request,
  );
}

/** Edit Profile's sections and the dealer fields each one asks for. */
const PERSONAL = ["firstName", "lastName", "email", "phone"] as const;
const DEALERSHIP = [
  "dealershipName",
  "dealershipType",
  "profileType",
  "licenseNumber",
  "website",
  "description",
  "buysCanadianVehicles",
] as const;
const ADDRESS = ["address", "city", "state", "zipCode"] as const;
const VEHICLES = ["vehiclesNeeded", "vehiclesSold"] as const;

/** One titled card of the form; `fields` lays its inputs two to a row from sm up. */
function Section({ title, id, fields = true, children }: SectionProps) {
  const generated = useId();
  return (
    <Panel headingId={id ?? generated} title={title}>
      {fields ? <div className="grid gap-3 sm:grid-cols-2">{children}</div> : children}
    </Panel>
  );
}
type SectionProps = { title: string; id?: string; fields?: boolean; children: ReactNode };

/** Edit Profile: Personal, Dealership, Address, Profile Photo, Dealership Photo, Vehicle Information. */
export default function ProfileEdit() {
  const { profile } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [avatar, setAvatar] = useState<PhotoValue>(undefined);
  const [dealershipPhoto, setDealershipPhoto] = useState<PhotoValue>(undefined);
  const saving = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const { fields, formProps } = useSchemaForm(profileFormSchema, {
    lastResult: answer?.result,
    defaultValue: { ...profile, buysCanadianVehicles: profile.buysCanadianVehicles ? "on" : null },
    onInvalid: (message) => toast(updateFailed(message)),
  });

  useActionToast(answer);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-3 sm:px-0">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Edit Profile</h1>
        <Link to="/" className={buttonClass("secondary")}>
          <Home size={16} aria-hidden="true" /> HOME
        </Link>
      </div>
      <Form method="post" encType="multipart/form-data" {...formProps} className="flex flex-col gap-4">
        <Section title="Personal">
          <DealerFields fields={fields} names={PERSONAL} perspective="self" />
        </Section>
        <Section title="Dealership">
          <DealerFields fields={fields} names={DEALERSHIP} perspective="self" />
        </Section>
        <Section title="Address">
          <DealerFields fields={fields} names={ADDRESS} perspective="self" />
        </Section>

        {/* With JavaScript a picked photo is compressed and sent as a data URL; a removed one as remove-{field}. */}
        {typeof avatar === "string" ? <input type="hidden" name="avatar" value={avatar} /> : null}
        {avatar === null ? <input type="hidden" name="remove-avatar" value="true" /> : null}
        {typeof dealershipPhoto === "string" ? (
          <input type="hidden" name="dealershipPhoto" value={dealershipPhoto} />
        ) : null}
        {dealershipPhoto === null ? <input type="hidden" name="remove-dealershipPhoto" value="true" /> : null}

        <Section title="Profile Photo" id="profile-photo-title" fields={false}>
          <ProfilePhotoField
            name="avatar"
            label="Profile photo"
            current={profile.avatar}
            shape="round"
            personName={profile.name}
            value={avatar}
            onChange={setAvatar}
          />
        </Section>

        <Section title="Dealership Photo" id="dealership-photo-title" fields={false}>
          <ProfilePhotoField
            name="dealershipPhoto"
            label="Dealership photo"
            current={profile.dealershipPhoto}
            shape="wide"
            personName={profile.dealershipName}
            value={dealershipPhoto}
            onChange={setDealershipPhoto}
          />
        </Section>

        <Section title="Vehicle Information">
          <DealerFields fields={fields} names={VEHICLES} perspective="self" />
        </Section>

        <div className="flex flex-wrap justify-end gap-2">
          <Link to="/" className={buttonClass("secondary")}>
            Cancel
          </Link>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving…" : "Save Profile"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
