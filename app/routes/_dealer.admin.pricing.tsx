import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminPage, badgeClass } from "~/components/admin/admin-page";
import { cardClass } from "~/components/ui/panel";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { priceFormSchema } from "#lib/schemas/admin-forms";
import { formatDollars } from "#lib/format";
import { adminAction, adminForm } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/guards.server";

export const meta: MetaFunction = () => [{ title: "Admin · Pricing · DealerLane" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(context, request);
  return context.services.admin.pricing.list();
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminAction(context, request, {
    plan: adminForm(priceFormSchema, async ({ id, ...input }, { actor, services }) => {
      const plan = await services.admin.pricing.updatePlan(actor, id, input);
      return `${plan.name}: ${formatDollars(plan.priceCents)} a month${plan.isActive ? "" : " (not on sale)"}`;
    }),
    addOn: adminForm(priceFormSchema, async ({ id, ...input }, { actor, services }) => {
      const addOn = await services.admin.pricing.updateAddOn(actor, id, input);
      return `${addOn.name}: ${formatDollars(addOn.priceCents)}${addOn.isActive ? "" : " (not on sale)"}`;
    }),
  });
}

function PriceRow({
  intent,
  item,
}: {
  intent: "plan" | "addOn";
  item: {
    id: string;
    name: string;
    priceCents: number;
    isActive: boolean;
    userCount: number;
    detail: string;
  };
}) {
  return (
    <li className={cardClass} data-testid="admin-price">
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={item.id} />
        <div className="min-w-40 flex-1">
          <p className="font-semibold">{item.name}</p>
          <p className="text-xs text-muted">{item.detail}</p>
          <p className="mt-1 flex flex-wrap gap-1 text-xs">
            <span className={badgeClass(item.isActive ? "green" : "slate")}>
              {item.isActive ? "On sale" : "Off"}
            </span>
            <span className={badgeClass("blue")}>
              {item.userCount} {item.userCount === 1 ? "dealer" : "dealers"}
            </span>
          </p>
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Price (USD, whole dollars)
          <input
            name="price"
            inputMode="numeric"
            pattern="[0-9]+"
            defaultValue={String(item.priceCents / 100)}
            className={`${inputClass} w-32`}
            aria-label={`${item.name} price in whole dollars`}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isActive" defaultChecked={item.isActive} className="h-4 w-4" /> Active
        </label>
        <Button type="submit" variant="secondary">
          Save
        </Button>
      </Form>
    </li>
  );
}

export default function AdminPricing() {
  const { plans, addOns } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Admin · Pricing"
      description="Prices per month. A saved price is what /pricing, /subscribe and every new subscription use; dealers already subscribed keep their price until they change plan."
    >
      <section aria-labelledby="plans-heading" className="flex flex-col gap-3">
        <h2 id="plans-heading" className="font-semibold">
          Plans
        </h2>
        <ul className="flex flex-col gap-3">
          {plans.map((p) => (
            <PriceRow key={p.id} intent="plan" item={{ ...p, detail: p.features.slice(0, 3).join(" · ") }} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="addons-heading" className="flex flex-col gap-3">
        <h2 id="addons-heading" className="font-semibold">
          Add-ons
        </h2>
        <ul className="flex flex-col gap-3">
          {addOns.map((a) => (
            <PriceRow key={a.id} intent="addOn" item={{ ...a, detail: a.description }} />
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}
