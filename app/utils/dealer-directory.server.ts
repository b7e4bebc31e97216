import type { AppLoadContext } from "@remix-run/cloudflare";
import type { DirectoryDealer } from "../../worker/domain/dealer-directory";
import type { DomainError } from "../../worker/domain/errors";
import {
  dealerCreateSchema,
  dealerUpdateSchema,
  directoryQuerySchema,
  type DirectoryExclude,
  type DirectoryScope,
} from "~/lib/schemas/dealer";
import { requireDealer } from "./guards.server";

/** A DomainError from the services (app/ imports worker/ types only, so it is recognised by shape). */
export function isDomainError(error: unknown): error is DomainError {
  return (
    error instanceof Error &&
    error.name === "DomainError" &&
    typeof (error as { status?: unknown }).status === "number"
  );
}

export type DirectoryFilters = {
  name: string;
  state: string;
  dealershipType: string;
  buysCanadian: string;
  sort: string;
  scope: string;
};

/**
 * The loader half of every dealer list screen: filters from the URL (a bad value is ignored, never an
 * error page), a page sized by the dealer's items-per-page setting, and the cursor for the next one.
 */
export async function loadDirectory(
  context: AppLoadContext,
  request: Request,
  options: { exclude?: DirectoryExclude[]; scopes?: DirectoryScope[]; defaultScope?: DirectoryScope },
) {
  const { viewer, currentUser } = requireDealer(context, request);
  const params = new URL(request.url).searchParams;
  const raw = Object.fromEntries(params);
  const parsed = directoryQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : directoryQuerySchema.parse({ name: raw.name?.slice(0, 100) });
  const scopes = options.scopes ?? ["all"];
  const scope: DirectoryScope =
    query.scope && scopes.includes(query.scope) ? query.scope : (options.defaultScope ?? scopes[0] ?? "all");
  const settings = await context.services.settings.forAccount(viewer.accountId);
  const isAdmin = viewer.role === "admin";
  let page;
  try {
    page = await context.services.directory.list(
      viewer.dealer.id,
      { ...query, scope, exclude: options.exclude ?? [], limit: settings.itemsPerPage },
      { isAdmin },
    );
  } catch (error) {
    // A stale cursor (the sort changed): start again from the first page.
    if (!isDomainError(error) || !query.cursor) throw error;
    page = await context.services.directory.list(
      viewer.dealer.id,
      { ...query, cursor: undefined, scope, exclude: options.exclude ?? [], limit: settings.itemsPerPage },
      { isAdmin },
    );
  }
  const filters: DirectoryFilters = {
    name: query.name ?? "",
    state: query.state ?? "all",
    dealershipType: query.dealershipType ?? "all",
    buysCanadian: query.buysCanadian === undefined ? "all" : String(query.buysCanadian),
    sort: query.sort,
    scope,
  };
  return {
    page,
    filters,
    itemsPerPage: settings.itemsPerPage,
    fromCursor: Boolean(query.cursor),
    me: { id: viewer.dealer.id, isAdmin, name: currentUser.name },
  };
}

export type DealerActionResult = {
  intent: string;
  ok: boolean;
  dealerId?: string;
  connected?: boolean;
  dealer?: DirectoryDealer;
  fieldErrors?: Record<string, string>;
  toast: { title: string; description?: string; variant?: "default" | "destructive" };
};

const fieldErrorsOf = (issues: { path: PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
};

/**
 * The action half: connect / disconnect (the Connect/Connected toggle), create and update (the dealer
 * dialogs). Answers data, never a redirect, so the same form works with or without JavaScript.
 * The toggle's toasts are business spec §4's on every screen: 'Connected!' and 'Disconnected'.
 */
export async function dealerAction(context: AppLoadContext, request: Request): Promise<DealerActionResult> {
  const { viewer } = requireDealer(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const dealerId = String(form.get("dealerId") ?? "");
  const services = context.services;
  try {
    switch (intent) {
      case "connect": {
        const result = await services.connections.add(viewer.dealer.id, dealerId);
        return {
          intent,
          ok: true,
          dealerId,
          connected: true,
          toast: result.created
            ? { title: "Connected!", description: `Added ${result.dealerName} to your network` }
            : {
                title: "Already connected",
                description: `You are already connected with ${result.dealerName}`,
              },
        };
      }
      case "disconnect": {
        const result = await services.connections.remove(viewer.dealer.id, dealerId);
        return {
          intent,
          ok: true,
          dealerId,
          connected: false,
          toast: { title: "Disconnected", description: `Removed ${result.dealerName} from your network` },
        };
      }
      case "create": {
        const parsed = dealerCreateSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) {
          return {
            intent,
            ok: false,
            fieldErrors: fieldErrorsOf(parsed.error.issues),
            toast: { title: "Error", description: "Failed to create dealer", variant: "destructive" },
          };
        }
        const dealer = await services.directory.create(viewer.dealer.id, parsed.data);
        return {
          intent,
          ok: true,
          dealer,
          dealerId: dealer.id,
          toast: {
            title: "Dealer Created",
            description: `${dealer.name} was added to the dealer directory.`,
          },
        };
      }
      case "update": {
        // The dialog sends every field; an unticked checkbox is simply absent.
        const values = { buysCanadianVehicles: "false", ...Object.fromEntries(form) };
        const parsed = dealerUpdateSchema.safeParse(values);
        if (!parsed.success) {
          const fieldErrors = fieldErrorsOf(parsed.error.issues);
          return {
            intent,
            ok: false,
            dealerId,
            fieldErrors,
            toast: {
              title: "Error",
              description: Object.values(fieldErrors)[0] ?? "Failed to update dealer",
              variant: "destructive",
            },
          };
        }
        const dealer = await services.directory.update(
          { accountId: viewer.accountId, dealerId: viewer.dealer.id, isAdmin: viewer.role === "admin" },
          dealerId,
          parsed.data,
        );
        return {
          intent,
          ok: true,
          dealer,
          dealerId,
          toast: {
            title: "Dealer Updated",
            description: "Dealer information has been successfully updated.",
          },
        };
      }
      default:
        return {
          intent,
          ok: false,
          toast: { title: "Error", description: "Unknown action", variant: "destructive" },
        };
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const fallback =
      intent === "create"
        ? "Failed to create dealer"
        : intent === "update"
          ? "Failed to update dealer"
          : "Failed to add dealer";
    return {
      intent,
      ok: false,
      dealerId,
      toast: {
        title: "Error",
        description: intent === "create" ? fallback : error.message || fallback,
        variant: "destructive",
      },
    };
  }
}
