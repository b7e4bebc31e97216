import { Form, useNavigation } from "@remix-run/react";
import { useState, type InputHTMLAttributes } from "react";
import { Plus, Trash2 } from "~/components/ui/icons";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass, TextField } from "~/components/ui/field";
import { YEAR_MAX, YEAR_MIN } from "#lib/schemas/inventory-constants";
import { BUY_ORDER_VEHICLES_MAX } from "#lib/schemas/buy-order-constants";
import type { BuyOrderAnswer } from "#lib/schemas/buy-order";

type Row = { key: number; make: string; model: string };

const yearInput = { type: "number", inputMode: "numeric", min: YEAR_MIN, max: YEAR_MAX } as const;

/**
 * A wanted post's standing buy order, for its author: what the post's words were read as, shown back as
 * fields to correct. Saved, it is what matching uses. A plain form to the post page's action, so it works
 * before JavaScript loads (one blank vehicle row stands ready for another make).
 */
export function BuyOrderForm({ buyOrder }: { buyOrder: BuyOrderAnswer }) {
  const saving = useNavigation().formData?.get("intent") === "buy-order";
  const [rows, setRows] = useState<Row[]>(() => [
    ...buyOrder.vehicles.map((v, i) => ({ key: i, make: v.make, model: v.model ?? "" })),
    { key: buyOrder.vehicles.length, make: "", model: "" },
  ]);
  const nextKey = () => Math.max(-1, ...rows.map((r) => r.key)) + 1;
  const id = (field: string) => `buy-order-${field}`;
  // A call, not a component: a component made here would be new on every render and drop the focus.
  const field = (
    key: string,
    label: string,
    name: string,
    value: string | number | undefined,
    input: InputHTMLAttributes<HTMLInputElement>,
  ) => <TextField id={id(key)} label={label} name={name} defaultValue={value ?? ""} {...input} />;
  return (
    <section
      aria-labelledby={id("heading")}
      data-testid="buy-order"
      className="flex flex-col gap-3 border-y border-slate-200 bg-white px-4 py-3 sm:rounded-xl sm:border dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-col gap-0.5">
        <h2 id={id("heading")} className="text-base font-semibold">
          Buy order
        </h2>
        <p className="text-sm text-muted" data-testid="buy-order-source">
          {buyOrder.source === "dealer"
            ? "Standing: new listings are matched against these criteria."
            : "Read from your post's words. Check them and save to make this a standing buy order."}
        </p>
      </div>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="buy-order" />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Makes and models</legend>
          {rows.map((row, i) => (
            <div key={row.key} className="grid grid-cols-[1fr_1fr_auto] items-center gap-2">
              <input
                name={`vehicles[${i}].make`}
                aria-label={`Make ${i + 1}`}
                placeholder="Make"
                defaultValue={row.make}
                maxLength={60}
                className={inputClass}
              />
              <input
                name={`vehicles[${i}].model`}
                aria-label={`Model ${i + 1} (blank: any model)`}
                placeholder="Any model"
                defaultValue={row.model}
                maxLength={60}
                className={inputClass}
              />
              <button
                type="button"
                aria-label={`Remove vehicle ${i + 1}`}
                disabled={rows.length === 1}
                onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                className="rounded-md p-2 text-muted hover:bg-slate-200 disabled:opacity-40 dark:hover:bg-slate-800"
              >
                <Trash2 size={16} aria-hidden="true" />
              </button>
            </div>
          ))}
          <Button
            variant="ghost"
            className="self-start"
            disabled={rows.length >= BUY_ORDER_VEHICLES_MAX}
            onClick={() => setRows((list) => [...list, { key: nextKey(), make: "", model: "" }])}
          >
            <Plus size={16} aria-hidden="true" /> Add a make
          </Button>
        </fieldset>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {field("from", "Years from", "years.from", buyOrder.years?.from, yearInput)}
          {field("to", "Years to", "years.to", buyOrder.years?.to, yearInput)}
          {field("miles", "Most miles", "maxMileage", buyOrder.maxMileage, { inputMode: "numeric" })}
          {field("price", "Highest price ($)", "maxPrice", buyOrder.maxPrice, { inputMode: "numeric" })}
          {field("states", "States", "states", buyOrder.states?.join(", "), {
            placeholder: "Any, or TX, OK",
            autoCapitalize: "characters",
          })}
          {field("until", "Until", "until", buyOrder.until, { type: "date" })}
        </div>
        <p className="text-xs text-muted">
          A listing at or under your highest price alerts you with an offer at its asking price.
        </p>
        <button type="submit" className={buttonClass("primary", "self-start")} disabled={saving}>
          {saving ? "Saving…" : "Save buy order"}
        </button>
      </Form>
    </section>
  );
}
