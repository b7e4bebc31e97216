import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { COUNTRIES, DEALERSHIP_TYPES, STATE_CODES } from "~/lib/constants";
import { onboardingProfileSchema } from "~/lib/schemas/auth";
import { toast } from "~/lib/toast";
import { requireViewer } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Set up your dealership · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = requireViewer(context, request);
  const step = new URL(request.url).searchParams.get("step") === "2" && viewer.dealer ? 2 : 1;
  return { step, user: context.currentUser, email: viewer.email };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = requireViewer(context, request);
  const parsed = onboardingProfileSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { fieldErrors, message: parsed.error.issues[0]?.message ?? "Failed to save profile" };
  }
  await context.services.dealers.completeProfile(viewer.accountId, parsed.data);
  return redirectWithToast(
    "/onboarding?step=2",
    { title: "Profile saved", description: "Step 2 of 3: choose your plan." },
    request,
  );
}

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default function Onboarding() {
  const { step, user, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  useEffect(() => {
    if (result?.message)
      toast({ title: "Missing Information", description: result.message, variant: "destructive" });
  }, [result]);
  const errors = result?.fieldErrors ?? {};

  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-8">
      <p className="text-sm font-medium text-brand-600 dark:text-brand-400">Step {step} of 3</p>
      {step === 1 ? (
        <>
          <h1 className="mt-1 text-2xl font-bold">Tell other dealers who you are</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Your dealer profile is what the network sees on your posts, in chats and in the dealer directory.
          </p>
          <Form method="post" noValidate className="mt-6 grid gap-4 sm:grid-cols-2">
            <TextField
              label="First Name"
              name="firstName"
              autoComplete="given-name"
              defaultValue={user?.firstName}
              error={errors.firstName}
            />
            <TextField
              label="Last Name"
              name="lastName"
              autoComplete="family-name"
              defaultValue={user?.lastName}
              error={errors.lastName}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={user?.email || email}
              error={errors.email}
            />
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={user?.phone}
              error={errors.phone}
            />
            <TextField
              label="Address"
              name="address"
              autoComplete="street-address"
              defaultValue={user?.address}
              error={errors.address}
              className="sm:col-span-2"
            />
            <TextField
              label="City"
              name="city"
              autoComplete="address-level2"
              defaultValue={user?.city}
              error={errors.city}
            />
            <SelectField
              label="State / Province"
              name="state"
              defaultValue={user?.state ?? ""}
              error={errors.state}
              options={[{ value: "", label: "Choose…" }, ...STATE_CODES.map((s) => ({ value: s, label: s }))]}
            />
            <TextField
              label="ZIP Code"
              name="zipCode"
              autoComplete="postal-code"
              defaultValue={user?.zip}
              error={errors.zipCode}
            />
            <SelectField
              label="Country"
              name="country"
              defaultValue={user?.country ?? "US"}
              options={COUNTRIES.map((c) => ({ value: c, label: c === "US" ? "United States" : "Canada" }))}
            />
            <TextField
              label="Dealership Name"
              name="dealershipName"
              defaultValue={user?.dealershipName}
              error={errors.dealershipName}
            />
            <SelectField
              label="Dealership Type"
              name="dealershipType"
              defaultValue={user?.dealershipType ?? "independent"}
              options={DEALERSHIP_TYPES.map((t) => ({ value: t, label: label(t) }))}
            />
            <TextField
              label="Auction Access Number"
              name="auctionAccessNumber"
              error={errors.auctionAccessNumber}
            />
            <TextField
              label="Dealership 5 Million Number"
              name="dealership5MilNumber"
              error={errors.dealership5MilNumber}
            />
            <SelectField
              label="I mostly…"
              name="profileType"
              defaultValue={user?.profileType ?? "seller"}
              options={[
                { value: "seller", label: "Sell wholesale (seller)" },
                { value: "buyer", label: "Buy wholesale (buyer)" },
              ]}
            />
            <label className="flex items-center gap-2 self-end text-sm">
              <input
                type="checkbox"
                name="buysCanadianVehicles"
                value="true"
                defaultChecked={user?.buysCanadianVehicles}
                className="h-4 w-4"
              />
              I buy Canadian vehicles
            </label>
            <div className="flex gap-3 sm:col-span-2">
              <Button type="submit" disabled={saving}>
                {saving ? "Saving…" : "Save and continue"}
              </Button>
            </div>
          </Form>
          <Form method="post" action="/logout" className="mt-3">
            <Button type="submit" variant="ghost">
              ← Back (sign out)
            </Button>
          </Form>
        </>
      ) : (
        <>
          <h1 className="mt-1 text-2xl font-bold">Choose your plan</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            Your dealer profile is saved. Paid plans — Basic at $99/month and Premium at $149/month — open
            with online payment soon; until then every DealerLane feature is available to you on the free
            trial.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/" className={buttonClass("primary")}>
              Go to my feed
            </Link>
            <Link to="/onboarding" className={buttonClass("secondary")}>
              ← Back to my profile
            </Link>
          </div>
        </>
      )}
    </main>
  );
}
