import { Form, useSubmit } from "@remix-run/react";
import { Search } from "~/components/ui/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { SelectField, choices, inputClass } from "~/components/ui/field";
import { DEALERSHIP_TYPES, STATE_CODES } from "#lib/constants";
import type { DirectoryFilters } from "~/utils/dealer-directory.server";
import { typeLabel } from "./dealer-bits";
import type { PrevCanadianBadge } from "./dealer-card";

const SORTS = choices(
  ["name", "Name A-Z"],
  ["rating", "Rating"],
  ["connections", "Connections"],
  ["active", "Most active"],
);

/**
 * The directory's search, filters and sort as a GET form: it works before JavaScript loads (Apply),
 * and with it every change applies at once (search after a short pause). The URL keeps the filters.
 */
export function DealerFilters({
  filters,
  prevCanadian,
  children,
}: {
  filters: DirectoryFilters;
  prevCanadian: PrevCanadianBadge;
  /** Extra hidden fields (the scope of the list). */
  children?: ReactNode;
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Keep the fields in step with the URL (back button, top-bar search), but never under the cursor.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const values: Record<string, string> = { ...filters, prevCanadian };
    for (const [name, value] of Object.entries(values)) {
      const field = form.elements.namedItem(name);
      if (
        (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) &&
        field !== document.activeElement &&
        field.value !== value
      ) {
        field.value = value;
      }
    }
  }, [filters, prevCanadian]);

  const apply = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
    }, delay);
  };

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label="Filter dealers"
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-900"
      onChange={(event) => apply((event.target as HTMLElement).getAttribute("name") === "name" ? 350 : 0)}
    >
      {children}
      <div className="relative col-span-2 sm:col-span-3">
        <label htmlFor="dealer-filter-name" className="sr-only">
          Search by dealer or dealership name
        </label>
        <Search
          size={16}
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400"
        />
        <input
          id="dealer-filter-name"
          name="name"
          type="search"
          defaultValue={filters.name}
          placeholder="Search by dealer or dealership name…"
          className={`${inputClass} pl-9`}
          autoComplete="off"
        />
      </div>
      <SelectField
        label="State"
        name="state"
        defaultValue={filters.state}
        options={[{ value: "all", label: "All states" }, ...STATE_CODES.map((s) => ({ value: s, label: s }))]}
      />
      <SelectField
        label="Type"
        name="dealershipType"
        defaultValue={filters.dealershipType}
        options={[
          { value: "all", label: "All types" },
          ...DEALERSHIP_TYPES.map((t) => ({ value: t, label: typeLabel(t) })),
        ]}
      />
      <SelectField
        label="Canadian buying"
        name="buysCanadian"
        defaultValue={filters.buysCanadian}
        options={choices(["all", "All"], ["true", "Yes"], ["false", "No"])}
      />
      <SelectField
        label="Verified"
        name="verified"
        defaultValue={filters.verified}
        options={choices(["all", "All dealers"], ["true", "Verified dealers"])}
      />
      <SelectField
        label="Previous Canadian vehicles"
        name="prevCanadian"
        defaultValue={prevCanadian}
        title="Adds badges to the cards; it does not change the list"
        options={choices(["all", "All"], ["sellers", "Sellers"], ["buyers", "Buyers"])}
      />
      <SelectField label="Sort by" name="sort" defaultValue={filters.sort} options={SORTS} />
      <div className="flex items-end">
        <Button type="submit" variant="secondary" className="w-full">
          Apply
        </Button>
      </div>
    </Form>
  );
}
