import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { Home } from "~/components/ui/icons";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { ProfilePhotoField, type PhotoValue } from "~/components/dealer/profile-photo-field";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField, TextField, inputClass } from "~/components/ui/field";
import { DEALERSHIP_TYPES, STATE_CODES } from "~/lib/constants";
import { typeLabel } from "~/components/dealer/dealer-bits";
import { profilePatchSchema } from "~/lib/schemas/profile";
import { toast } from "~/lib/toast";
import { isDomainError } from "~/utils/dealer-directory.server";
import { requireDealer } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/responses.server";

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

type ActionResult = { ok: false; message: string; fieldErrors: Record<string, string>; at: number };

/**
 * Saves the profile through the same domain call as PATCH /api/profile. With JavaScript the page sends
 * that call's JSON body (photos as compressed data URLs); before it loads, a multipart form with the files.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  let body: Record<string, unknown>;
  const photos: { avatar?: string | File | null; dealershipPhoto?: string | File | null } = {};
  if (request.headers.get("Content-Type")?.includes("application/json")) {
    body = (await request.json()) as Record<string, unknown>;
  } else {
    const form = await request.formData();
    body = { buysCanadianVehicles: "false" };
    for (const [key, value] of form)
      if (typeof value === "string" && !key.startsWith("remove-")) body[key] = value;
    for (const field of ["avatar", "dealershipPhoto"] as const) {
      const file = form.get(field);
      if (form.get(`remove-${field}`) === "true") photos[field] = null;
      else if (file instanceof File && file.size > 0) photos[field] = file;
    }
  }
  const parsed = profilePatchSchema.safeParse(body);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return {
      ok: false,
      message: parsed.error.issues[0]?.message ?? "Failed to update profile. Please try again.",
      fieldErrors,
      at: Date.now(),
    } satisfies ActionResult;
  }
  const { avatar, dealershipPhoto, ...fields } = parsed.data;
  if (avatar !== undefined) photos.avatar = avatar;
  if (dealershipPhoto !== undefined) photos.dealershipPhoto = dealershipPhoto;
  try {
    await context.services.profile.update(viewer.dealer, fields, photos);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { ok: false, message: error.message, fieldErrors: {}, at: Date.now() } satisfies ActionResult;
  }
  return redirectWithToast(
    "/dealer-profile",
    { title: "Profile Updated", description: "Your profile has been successfully updated." },
    request,
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="mb-3 font-semibold">
        {title}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function TextArea({
  label,
  name,
  defaultValue,
  error,
  rows = 3,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        className={inputClass}
        aria-invalid={error ? true : undefined}
      />
      {error ? <p className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
    </div>
  );
}

/** Core spec §2 Edit Profile: Personal, Dealership, Address, Profile Photo, Dealership Photo, Vehicle Information. */
export default function ProfileEdit() {
  const { profile } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [avatar, setAvatar] = useState<PhotoValue>(undefined);
  const [dealershipPhoto, setDealershipPhoto] = useState<PhotoValue>(undefined);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const saving = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const errors = { ...(result?.fieldErrors ?? {}), ...clientErrors };

  useEffect(() => {
    if (result)
      toast({
        title: "Update Failed",
        description: result.message || "Failed to update profile. Please try again.",
        variant: "destructive",
      });
  }, [result]);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let body: Record<string, unknown>;
    try {
      const form = new FormData(event.currentTarget);
      body = { buysCanadianVehicles: false };
      for (const [key, value] of form)
        if (typeof value === "string" && !key.startsWith("remove-")) body[key] = value;
      if (avatar !== undefined) body.avatar = avatar;
      if (dealershipPhoto !== undefined) body.dealershipPhoto = dealershipPhoto;
    } catch {
      toast({
        title: "Save Error",
        description: "Failed to prepare profile data. Please try again.",
        variant: "destructive",
      });
      return;
    }
    const parsed = profilePatchSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setClientErrors(found);
      toast({
        title: "Update Failed",
        description: parsed.error.issues[0]?.message ?? "Failed to update profile. Please try again.",
        variant: "destructive",
      });
      return;
    }
    setClientErrors({});
    submit(body as Parameters<typeof submit>[0], { method: "post", encType: "application/json" });
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-3 sm:px-0">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Edit Profile</h1>
        <Link to="/" className={buttonClass("secondary")}>
          <Home size={16} aria-hidden="true" /> HOME
        </Link>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={save}
        className="flex flex-col gap-4"
      >
        <Section title="Personal">
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            defaultValue={profile.firstName}
            error={errors.firstName}
          />
          <TextField
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            defaultValue={profile.lastName}
            error={errors.lastName}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={profile.email}
            error={errors.email}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={profile.phone}
            error={errors.phone}
          />
        </Section>

        <Section title="Dealership">
          <TextField
            label="Dealership Name"
            name="dealershipName"
            defaultValue={profile.dealershipName}
            error={errors.dealershipName}
          />
          <SelectField
            label="Dealership Type"
            name="dealershipType"
            defaultValue={profile.dealershipType}
            options={DEALERSHIP_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
          />
          <SelectField
            label="I mostly…"
            name="profileType"
            defaultValue={profile.profileType}
            options={[
              { value: "seller", label: "Sell wholesale (seller)" },
              { value: "buyer", label: "Buy wholesale (buyer)" },
            ]}
          />
          <TextField
            label="License Number"
            name="licenseNumber"
            defaultValue={profile.licenseNumber}
            error={errors.licenseNumber}
          />
          <TextField
            label="Website"
            name="website"
            type="url"
            placeholder="https://"
            defaultValue={profile.website}
            error={errors.website}
            className="sm:col-span-2"
          />
          <TextArea
            label="Business Description"
            name="description"
            defaultValue={profile.description}
            error={errors.description}
          />
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              name="buysCanadianVehicles"
              value="true"
              defaultChecked={profile.buysCanadianVehicles}
              className="h-4 w-4"
            />
            I buy Canadian vehicles
          </label>
        </Section>

        <Section title="Address">
          <TextField
            label="Address"
            name="address"
            autoComplete="street-address"
            defaultValue={profile.address}
            error={errors.address}
            className="sm:col-span-2"
          />
          <TextField
            label="City"
            name="city"
            autoComplete="address-level2"
            defaultValue={profile.city}
            error={errors.city}
          />
          <div className="grid grid-cols-2 gap-3">
            <SelectField
              label="State"
              name="state"
              defaultValue={profile.state}
              error={errors.state}
              options={[{ value: "", label: "Choose…" }, ...STATE_CODES.map((s) => ({ value: s, label: s }))]}
            />
            <TextField
              label="ZIP Code"
              name="zipCode"
              autoComplete="postal-code"
              defaultValue={profile.zipCode}
              error={errors.zipCode}
            />
          </div>
        </Section>

        <section
          aria-labelledby="profile-photo-title"
          className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="profile-photo-title" className="mb-3 font-semibold">
            Profile Photo
          </h2>
          <ProfilePhotoField
            name="avatar"
            label="Profile photo"
            current={profile.avatar}
            shape="round"
            personName={profile.name}
            value={avatar}
            onChange={setAvatar}
          />
          {errors.avatar ? (
            <p className="mt-2 text-sm text-red-600 dark:text-red-400">{errors.avatar}</p>
          ) : null}
        </section>

        <section
          aria-labelledby="dealership-photo-title"
          className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="dealership-photo-title" className="mb-3 font-semibold">
            Dealership Photo
          </h2>
          <ProfilePhotoField
            name="dealershipPhoto"
            label="Dealership photo"
            current={profile.dealershipPhoto}
            shape="wide"
            personName={profile.dealershipName}
            value={dealershipPhoto}
            onChange={setDealershipPhoto}
          />
        </section>

        <Section title="Vehicle Information">
          <TextArea
            label="Vehicles needed"
            name="vehiclesNeeded"
            defaultValue={profile.vehiclesNeeded}
            error={errors.vehiclesNeeded}
          />
          <TextArea
            label="Vehicles sold"
            name="vehiclesSold"
            defaultValue={profile.vehiclesSold}
            error={errors.vehiclesSold}
          />
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
