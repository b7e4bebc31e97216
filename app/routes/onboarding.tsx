import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DealerFields } from "~/components/dealer/dealer-fields";
import { Button } from "~/components/ui/button";
import { useSchemaForm } from "~/components/ui/form";
import { firstError, parseForm } from "#lib/forms";
import { onboardingProfileSchema } from "#lib/schemas/auth";
import { toast, type ToastMessage } from "#lib/toast";
import { useActionToast } from "~/components/ui/action-toast";
import { readForm } from "~/utils/form-body.server";
import { requireViewer } from "~/utils/guards.server";
import { actionFailure, actionInvalid, redirectWithToast, routeFailure } from "~/utils/responses.server";
import { ChoosePlan } from "~/components/billing/choose-plan";
import { OnboardingFrame, type OnboardingStep } from "~/components/account/onboarding-frame";
import { formatDay } from "#lib/format";

export const meta: MetaFunction = () => [{ title: "Set up your dealership · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = requireViewer(context, request);
  const step: OnboardingStep = new URL(request.url).searchParams.get("step") === "2" && viewer.dealer ? 2 : 1;
  const plans = step === 2 ? await context.services.subscriptions.plans() : [];
  return { step, user: context.currentUser, email: viewer.email, plans };
}

/** Onboarding step 1's fields, in the form's order. */
const PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "zipCode",
  "country",
  "dealershipName",
  "dealershipType",
  "auctionAccessNumber",
  "dealership5MilNumber",
  "profileType",
  "buysCanadianVehicles",
] as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = requireViewer(context, request);
  const form = await readForm(request);
  if (form.get("intent") === "trial" && viewer.dealer) {
    const mine = await context.services.subscriptions.mine(viewer.accountId, viewer.dealer.id);
    return redirectWithToast(
      "/",
      {
        title: "Your free trial is on",
        description: `Everything is open to you until ${formatDay(mine.trialEndsAt)}.`,
      },
      request,
    );
  }
  const submission = parseForm(form, onboardingProfileSchema);
  if (submission.status !== "success") {
    const message = firstError(submission.error, PROFILE_FIELDS);
    return actionInvalid(submission.reply(), { toast: message ? missingToast(message) : undefined });
  }
  try {
    await context.services.dealers.completeProfile(viewer.accountId, submission.value);
  } catch (error) {
    // 'Error' with the server's message, or 'Failed to save profile'.
    const failure = routeFailure(error, { title: "Error", fallback: "Failed to save profile" });
    return actionFailure(failure, { result: submission.reply({ fieldErrors: failure.fieldErrors }) });
  }
  return redirectWithToast(
    "/onboarding?step=2",
    { title: "Profile saved", description: "Step 2 of 3: choose your plan." },
    request,
  );
}

/** A missing field is 'Missing Information' / 'Please fill in {field in words}'. */
const missingToast = (message: string): ToastMessage => ({
  title: "Missing Information",
  description: message,
  variant: "destructive",
});

export default function Onboarding() {
  const { step, user, email, plans } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  const { fields, formProps } = useSchemaForm(onboardingProfileSchema, {
    lastResult: answer?.result,
    defaultValue: {
      firstName: user?.firstName,
      lastName: user?.lastName,
      email: user?.email || email,
      phone: user?.phone,
      address: user?.address,
      city: user?.city,
      state: user?.state ?? "",
      zipCode: user?.zip,
      country: user?.country ?? "US",
      dealershipName: user?.dealershipName,
      dealershipType: user?.dealershipType ?? "independent",
      profileType: user?.profileType ?? "seller",
      buysCanadianVehicles: user?.buysCanadianVehicles ? "on" : null,
    },
    onInvalid: (message) => toast(missingToast(message)),
  });
  useActionToast(answer);

  return (
    <OnboardingFrame step={step} email={email}>
      {step === 1 ? (
        <>
          <h1 className="text-2xl font-bold">Tell other dealers who you are</h1>
          <p className="mt-1 text-sm text-muted">
            Your dealer profile is what the network sees on your posts, in chats and in the dealer directory.
          </p>
          <Form method="post" {...formProps} className="mt-6 grid gap-4 sm:grid-cols-2">
            <DealerFields fields={fields} names={PROFILE_FIELDS} perspective="self" />
            <div className="flex gap-3 sm:col-span-2">
              <Button type="submit" disabled={saving} className="w-full sm:w-auto">
                {saving ? "Saving…" : "Save and continue"}
              </Button>
            </div>
          </Form>
          <Form method="post" action="/logout" className="mt-3">
            <Button type="submit" variant="ghost" className="px-3">
              ← Back (sign out)
            </Button>
          </Form>
        </>
      ) : (
        <ChoosePlan plans={plans} />
      )}
    </OnboardingFrame>
  );
}
