import type { AppLoadContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import type { DirectoryDealer } from "#lib/api-types";
import { parseForm } from "#lib/forms";
import {
  dealerFormSchema,
  directoryQuerySchema,
  type DirectoryExclude,
  type DirectoryScope,
} from "#lib/schemas/dealer";
import { isAdmin } from "#lib/roles";
import { DEFAULT_SETTINGS } from "#lib/schemas/settings";
import type { ActionResult } from "#lib/action-result";
import { readForm } from "./form-body.server";
import { requireDealer } from "./guards.server";
import { actionFailure, isDomainError, routeFailure } from "./responses.server";

/** The filter bar's values: "all" where the URL names none. */
export type DirectoryFilters = Awaited<ReturnType<typeof loadDirectory>>["filters"];

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
  const admin = isAdmin(viewer);
  // async: a refused cursor (thrown as the list is built) must reach the catch below as a rejection.
  const list = async (limit: number, fromFirstPage = false) =>
    context.services.directory.list(
      viewer.dealer.id,
      {
        ...query,
        cursor: fromFirstPage ? undefined : query.cursor,
        scope,
        exclude: options.exclude ?? [],
        limit,
      },
      { isAdmin: admin },
    );
  // A cursor that is stale (the sort changed) or not ours is refused with a 400: show the first page.
  let cursorRefused = false;
  const listOrFirst = (limit: number) =>
    list(limit).catch((error: unknown) => {
      if (!isDomainError(error) || error.status !== 400 || !query.cursor) throw error;
      cursorRefused = true;
      return list(limit, true);
    });
  // The dealer's Items per page and the page of the usual size are read side by side (one wait, not two);
  // only a dealer who saved another size waits for a second read of that size (as GET /api/dealers does).
  const [{ itemsPerPage }, usualPage] = await Promise.all([
    context.services.settings.forAccount(viewer.accountId),
    listOrFirst(DEFAULT_SETTINGS.itemsPerPage),
  ]);
  const page = itemsPerPage === DEFAULT_SETTINGS.itemsPerPage ? usualPage : await listOrFirst(itemsPerPage);
  const filters = {
    name: query.name ?? "",
    state: query.state ?? "all",
    dealershipType: query.dealershipType ?? "all",
    buysCanadian: query.buysCanadian === undefined ? "all" : String(query.buysCanadian),
    verified: query.verified === undefined ? "all" : String(query.verified),
    sort: query.sort,
    scope,
  };
  return {
    page,
    filters,
    itemsPerPage,
    fromCursor: Boolean(query.cursor) && !cursorRefused,
    me: { id: viewer.dealer.id, isAdmin: admin, name: currentUser.name },
  };
}

/** A dealer dialog's or the Connect toggle's answer: `result` holds the dialog's field errors, or its reset. */
export type DealerActionResult = ActionResult<{
  intent: string;
  dealerId?: string;
  connected?: boolean;
  dealer?: DirectoryDealer;
}>;

/** The dealer a toggle or an Edit dialog acts on; the domain answers for an id that names none. */
const dealerTargetSchema = z.object({ dealerId: z.string().max(100).catch("") });

/**
 * The action half: connect / disconnect (the Connect/Connected toggle), create and update (the dealer
 * dialogs, one form checked with `dealerFormSchema`). Answers data, never a redirect, so the same form
 * works with or without JavaScript. The toggle's toasts are the same on every screen: 'Connected!'
 * and 'Disconnected'. `body` is the form when the caller has read it already.
 */
export async function dealerAction(context: AppLoadContext, request: Request, body?: FormData) {
  const { viewer } = requireDealer(context, request);
  const form = body ?? (await readForm(request));
  const intent = String(form.get("intent") ?? "");
  const target = parseForm(form, dealerTargetSchema);
  const dealerId = target.status === "success" ? target.value.dealerId : "";
  const services = context.services;
  if (intent === "create" || intent === "update") {
    const submission = parseForm(form, dealerFormSchema);
    if (submission.status !== "success") {
      return data<DealerActionResult>(
        { intent, ok: false, dealerId, result: submission.reply() },
        { status: 400 },
      );
    }
    try {
      const dealer =
        intent === "create"
          ? await services.dealers.create(viewer.dealer.id, submission.value)
          : await services.dealers.update(
              { accountId: viewer.accountId, dealerId: viewer.dealer.id, isAdmin: isAdmin(viewer) },
              dealerId,
              submission.value,
            );
      return data<DealerActionResult>({
        intent,
        ok: true,
        dealer,
        dealerId: dealer.id,
        result: submission.reply({ resetForm: true }),
        toast:
          intent === "create"
            ? { title: "Dealer Created", description: `${dealer.name} was added to the dealer directory.` }
            : { title: "Dealer Updated", description: "Dealer information has been successfully updated." },
      });
    } catch (error) {
      // 'Failed to create dealer' (never the server's text); an update shows the server's.
      const failure = routeFailure(
        error,
        intent === "create"
          ? { title: "Error", fallback: "Failed to create dealer", serverMessage: false }
          : { title: "Error", fallback: "Failed to update dealer" },
      );
      return actionFailure(failure, {
        intent,
        dealerId,
        result: submission.reply({ fieldErrors: failure.fieldErrors }),
      });
    }
  }
  try {
    switch (intent) {
      case "connect": {
        const result = await services.connections.add(viewer.dealer.id, dealerId);
        const dealerName = result.connection.dealer.name;
        return data<DealerActionResult>({
          intent,
          ok: true,
          dealerId,
          connected: true,
          toast: result.created
            ? { title: "Connected!", description: `Added ${dealerName} to your network` }
            : {
                title: "Already connected",
                description: `You are already connected with ${dealerName}`,
              },
        });
      }
      case "disconnect": {
        const result = await services.connections.remove(viewer.dealer.id, dealerId);
        return data<DealerActionResult>({
          intent,
          ok: true,
          dealerId,
          connected: false,
          toast: { title: "Disconnected", description: `Removed ${result.dealerName} from your network` },
        });
      }
      default:
        return data<DealerActionResult>(
          {
            intent,
            ok: false,
            toast: { title: "Error", description: "Unknown action", variant: "destructive" },
          },
          { status: 400 },
        );
    }
  } catch (error) {
    const failure = routeFailure(error, { title: "Error", fallback: "Failed to add dealer" });
    return actionFailure(failure, { intent, dealerId });
  }
}
