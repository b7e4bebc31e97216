import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { DealerContacts } from "~/components/dealer/dealer-contacts";
import { VerificationCard } from "~/components/dealer/verification-card";
import { verificationRequestSchema } from "#lib/admin";
import { photoPathOf } from "#lib/schemas/inventory-constants";
import { z } from "zod";
import type { ActionResult } from "#lib/action-result";
import { firstError, parseForm } from "#lib/forms";
import { readForm } from "~/utils/form-body.server";
import { isDomainError } from "~/utils/responses.server";
import { Link, useLoaderData } from "@remix-run/react";
import { MapPin, Pencil } from "~/components/ui/icons";
import { Tabs } from "radix-ui";
import {
  CanadianBadge,
  VerifiedBadge,
  Rating,
  TypeBadge,
  formatCount,
  memberSince,
  placeOf,
} from "~/components/dealer/dealer-bits";
import { StatGrid } from "~/components/dealer/stat-grid";
import { DealerReviews } from "~/components/dealer/dealer-reviews";
import { ReputationFigures } from "~/components/dealer/reputation-figures";
import { reviewReplySchema, REVIEWS_PAGE_SIZE } from "#lib/schemas/reputation";
import { Avatar } from "~/components/ui/avatar";
import { buttonClass } from "~/components/ui/button";
import { RelativeTime } from "~/components/ui/clock";
import { requireDealer } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "My Profile · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const id = viewer.dealer.id;
  const [dealer, stats, activity, deals, verification, reviews] = await Promise.all([
    context.services.directory.get(id, id),
    context.services.insights.dealerStats(id),
    context.services.profile.recentActivity(id, 10),
    context.services.insights.dealTotals(id),
    context.services.admin.verifications.latest(id),
    context.services.reputation.list(id, id, { limit: REVIEWS_PAGE_SIZE }),
  ]);
  if (!dealer) throw new Response("Not found", { status: 404 });
  return { dealer, stats, activity, deals, profile: viewer.dealer, verification, reviews };
}

/** "Request verification": the same rules as POST /api/verification, the document given by its address. */
const verificationFormSchema = (origin: string) =>
  verificationRequestSchema.extend({
    documentUrl: z.preprocess(
      (url) => photoPathOf(String(url ?? ""), origin) ?? undefined,
      verificationRequestSchema.shape.documentUrl,
    ),
  });

const notSent = (description?: string): ActionResult => ({
  ok: false,
  toast: { title: "Not sent", description, variant: "destructive" },
});

const notPosted = (description?: string): ActionResult => ({
  ok: false,
  toast: { title: "Reply not posted", description, variant: "destructive" },
});

/** The reply form: the API's reply body, with the review it answers and the button's intent. */
const replyFormSchema = z.object({
  intent: z.literal("reply"),
  reviewId: z.string().min(1).max(100),
  reply: reviewReplySchema.shape.reply,
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer } = requireDealer(context, request);
  const form = await readForm(request);
  if (form.get("intent") === "reply") {
    const submission = parseForm(form, replyFormSchema);
    if (submission.status !== "success")
      return data(notPosted(firstError(submission.error, []) ?? "Invalid input"), { status: 400 });
    try {
      const { reviewId, reply } = submission.value;
      await context.services.reputation.reply(viewer.dealer.id, reviewId, { reply });
      return data<ActionResult>({
        ok: true,
        toast: { title: "Reply posted", description: "It shows under the review." },
      });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return data(notPosted(error.message), { status: error.status });
    }
  }
  const submission = parseForm(form, verificationFormSchema(new URL(request.url).origin));
  if (submission.status !== "success")
    return data(notSent(firstError(submission.error, []) ?? "Invalid input"), {
      status: 400,
    });
  try {
    await context.services.admin.verifications.request(viewer.dealer.id, submission.value);
    const description = "Our team checks your numbers and lets you know.";
    return data<ActionResult>({ ok: true, toast: { title: "Verification requested", description } });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(notSent(error.message), { status: error.status });
  }
}

const tabClass =
  "flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm dark:text-slate-400 dark:data-[state=active]:bg-slate-900 dark:data-[state=active]:text-white";

/** My Profile: the dealer as others see them, with figures from their own data. */
export default function DealerProfile() {
  const { dealer, stats, activity, deals, profile, verification, reviews } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4 px-3 sm:px-0">
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {dealer.dealershipPhoto ? (
          <img
            src={dealer.dealershipPhoto}
            alt={`${dealer.dealershipName} dealership`}
            className="h-40 w-full object-cover sm:h-52"
          />
        ) : (
          <div className="h-24 bg-gradient-to-r from-brand-700 to-brand-400" aria-hidden="true" />
        )}
        <div className="flex flex-col gap-3 p-4">
          <div className="-mt-14 flex flex-wrap items-end justify-between gap-3">
            <span className="rounded-full border-4 border-white dark:border-slate-900">
              <Avatar name={dealer.name} src={dealer.avatar} size={96} />
            </span>
            <Link to="/profile-edit" className={buttonClass("primary")}>
              <Pencil size={16} aria-hidden="true" /> Edit Profile
            </Link>
          </div>
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold">{dealer.name}</h1>
              <TypeBadge type={dealer.dealershipType} />
            </div>
            <p className="text-slate-700 dark:text-slate-300">{dealer.dealershipName}</p>
            <p className="flex items-center gap-1 text-sm text-muted">
              <MapPin size={14} aria-hidden="true" /> {placeOf(dealer) || "Location not given"}
            </p>
          </div>
          <DealerContacts email={dealer.email} phone={dealer.phone || null} website={dealer.website} />
          <div className="flex flex-wrap gap-2">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium capitalize dark:bg-slate-800">
              {dealer.profileType}
            </span>
            {dealer.verified ? <VerifiedBadge /> : null}
            {dealer.buysCanadianVehicles ? <CanadianBadge /> : null}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium dark:bg-slate-800">
              Member since {memberSince(dealer.memberSince)}
            </span>
            {dealer.licenseNumber ? (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium dark:bg-slate-800">
                License {dealer.licenseNumber}
              </span>
            ) : null}
          </div>
          <dl className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-3 text-center sm:grid-cols-4 dark:bg-slate-800/60">
            <div>
              <dt className="text-xs text-muted">Rating</dt>
              <dd className="text-sm">
                <Rating reputation={dealer.reputation} />
              </dd>
            </div>
            {(
              [
                ["Deals", deals.dealsClosed, "Deals completed on DealerLane"],
                ["Vehicles sold", deals.vehiclesSold, "Completed deals in which you were the seller"],
                ["Connections", dealer.connectionCount, undefined],
              ] as const
            ).map(([label, count, title]) => (
              <div key={label}>
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="font-semibold" title={title}>
                  {formatCount(count)}
                </dd>
              </div>
            ))}
          </dl>
          <ReputationFigures reputation={dealer.reputation} />
          {dealer.description ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{dealer.description}</p>
          ) : null}
          {profile.vehiclesNeeded || profile.vehiclesSold ? (
            <div className="grid gap-3 sm:grid-cols-2">
              {(
                [
                  ["Vehicles needed", profile.vehiclesNeeded],
                  ["Vehicles sold", profile.vehiclesSold],
                ] as const
              ).map(([heading, text]) =>
                text ? (
                  <div key={heading}>
                    <h2 className="text-sm font-semibold">{heading}</h2>
                    <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700 dark:text-slate-300">
                      {text}
                    </p>
                  </div>
                ) : null,
              )}
            </div>
          ) : null}
        </div>
      </div>

      <VerificationCard
        verified={dealer.verified}
        latest={verification}
        defaults={{
          licenseNumber: profile.licenseNumber ?? "",
          auctionAccessNumber: profile.auctionAccessNumber ?? "",
          dealership5MilNumber: profile.dealership5MilNumber ?? "",
        }}
      />
      <Tabs.Root defaultValue="activity" className="flex flex-col gap-3">
        <Tabs.List
          aria-label="Profile sections"
          className="flex gap-1 rounded-lg bg-slate-200/60 p-1 dark:bg-slate-800/60"
        >
          {[
            ["activity", "Recent Activity"],
            ["stats", "Statistics"],
            ["reviews", "Reviews"],
          ].map(([value, label]) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content
          value="activity"
          className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          {activity.length === 0 ? (
            <p className="text-sm text-muted">
              No activity yet.{" "}
              <Link to="/" className="text-brand-600 underline dark:text-brand-400">
                Post a vehicle or a request
              </Link>{" "}
              to get started.
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
              {activity.map((item) => (
                <li key={`${item.kind}-${item.postId}-${item.createdAt}`} className="py-2">
                  <Link to={`/post/${item.postId}`} className="block hover:underline">
                    <span className="text-xs text-muted">
                      {item.kind === "post" ? "You posted" : "You commented on"} ·{" "}
                      <RelativeTime at={item.createdAt} />
                    </span>
                    <span className="block text-sm font-medium">{item.title}</span>
                    {item.kind === "comment" ? (
                      <span className="line-clamp-1 block text-sm text-muted">“{item.text}”</span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Tabs.Content>
        <Tabs.Content value="stats">
          <StatGrid stats={stats} />
          <Link
            to="/my-stats"
            className="mt-3 inline-block text-sm font-medium text-brand-600 dark:text-brand-400"
          >
            All my stats →
          </Link>
        </Tabs.Content>
        <Tabs.Content
          value="reviews"
          className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <DealerReviews dealerId={dealer.id} first={reviews} />
        </Tabs.Content>
      </Tabs.Root>
    </article>
  );
}
