import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AdminPage, badgeClass } from "~/components/admin/admin-page";
import { cardClass } from "~/components/ui/panel";
import { PromotionNotice } from "~/components/feed/promotion-notice";
import { Button, buttonClass } from "~/components/ui/button";
import { choices, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { Pause, Play, Plus, Trash2 } from "~/components/ui/icons";
import { PROMOTION_AUDIENCES, PROMOTION_TYPES, pageQuerySchema, promotionDefaults } from "#lib/admin";
import { adminAction, adminForm, type AdminAnswer } from "~/utils/admin.server";
import { promotionForms } from "#lib/schemas/admin-forms";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · Promotions · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  const parsed = pageQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : pageQuerySchema.parse({});
  const service = context.services.admin.promotions;
  const page = await service.list(query).catch(() => service.list({ ...query, cursor: undefined }));
  return { promotions: page.items, nextCursor: page.nextCursor, defaults: promotionDefaults() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminAction(context, request, {
    create: adminForm(promotionForms.create, async (input, { actor, services }) => {
      await services.admin.promotions.create(actor, input);
      return "Promotion created";
    }),
    toggle: adminForm(promotionForms.toggle, async ({ id, isActive }, { actor, services }) => {
      const promotion = await services.admin.promotions.update(actor, id, { isActive });
      return promotion.isActive ? "Promotion activated" : "Promotion paused";
    }),
    delete: adminForm(promotionForms.delete, async ({ id }, { actor, services }) => {
      await services.admin.promotions.remove(actor, id);
      return "Promotion deleted";
    }),
  });
}

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export default function AdminPromo() {
  const { promotions, nextCursor, defaults } = useLoaderData<typeof loader>();
  const result = useActionData<AdminAnswer>();
  const [params] = useSearchParams();
  return (
    <AdminPage
      title="Admin · Promotions"
      description="Active promotions in their date window show in the home feed's promo block, after every 4th post, to the dealers of their audience."
    >
      {/* Remounted after each answer: a created promotion leaves the form reset and closed. */}
      <details key={result?.ok ? result.at : "form"} className={cardClass} open={result?.ok === false}>
        <summary className={`${buttonClass("primary")} cursor-pointer list-none`}>
          <Plus size={16} aria-hidden="true" /> Create Promotion
        </summary>
        <Form method="post" className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <TextField label="Title" name="title" required maxLength={120} className="sm:col-span-2" />
          <TextAreaField
            label="Message"
            name="message"
            required
            maxLength={500}
            rows={3}
            className="sm:col-span-2"
          />
          <SelectField
            label="Type"
            name="type"
            defaultValue={defaults.type}
            options={choices(...PROMOTION_TYPES.map((t) => [t, label(t)] as const))}
          />
          <SelectField
            label="Audience"
            name="targetAudience"
            defaultValue={defaults.targetAudience}
            options={PROMOTION_AUDIENCES.map((a) => ({
              value: a,
              label: a === "all" ? "All dealers" : `${label(a)} plan`,
            }))}
          />
          <TextField label="Start date" name="startDate" type="date" defaultValue={defaults.startDate} />
          <TextField label="End date" name="endDate" type="date" defaultValue={defaults.endDate} />
          <Button type="submit" className="self-start">
            Create
          </Button>
        </Form>
      </details>

      {promotions.length === 0 ? (
        <p className={`${cardClass} text-center text-sm text-muted`}>
          No promotions yet: the feed shows DealerLane&apos;s own features in the promo block.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Promotions">
          {promotions.map((p) => (
            <li key={p.id} className={cardClass} data-testid="admin-promotion">
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <span className={badgeClass(p.isActive ? "green" : "slate")}>
                  {p.isActive ? "Active" : "Paused"}
                </span>
                <span className={badgeClass("blue")}>
                  {p.targetAudience === "all" ? "All dealers" : `${label(p.targetAudience)} only`}
                </span>
                <span className="text-muted">
                  {p.startDate} → {p.endDate}
                </span>
              </div>
              <div className="mt-2">
                <PromotionNotice promotion={p} />
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="id" value={p.id} />
                  <input type="hidden" name="isActive" value={p.isActive ? "false" : "true"} />
                  <Button type="submit" variant="secondary">
                    {p.isActive ? (
                      <Pause size={16} aria-hidden="true" />
                    ) : (
                      <Play size={16} aria-hidden="true" />
                    )}
                    {p.isActive ? "Pause" : "Activate"}
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={p.id} />
                  <Button type="submit" variant="ghost">
                    <Trash2 size={16} aria-hidden="true" /> Delete
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {nextCursor ? (
        <Link
          to={`?cursor=${encodeURIComponent(nextCursor)}`}
          className={`${buttonClass("secondary")} self-center`}
        >
          Older promotions
        </Link>
      ) : params.get("cursor") ? (
        <Link to="/admin/promo" className={`${buttonClass("ghost")} self-center`}>
          Back to the newest
        </Link>
      ) : null}
    </AdminPage>
  );
}
