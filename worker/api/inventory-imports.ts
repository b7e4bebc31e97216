import type { Context } from "hono";
import {
  importPreviewSchema,
  inventorySyncSchema,
  planRequiredSchema,
  postDetailSchema,
} from "#lib/api-types";
import { IMPORT_MAX_BYTES } from "#lib/imports/columns";
import {
  columnMappingSchema,
  importIdSchema,
  importLinkSchema,
  publishImportSchema,
} from "#lib/schemas/imports";
import { postIdSchema } from "#lib/schemas/inventory";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { activePlanRequired, dealersOnly, requireDealer } from "../auth/guards";
import { DomainError, badRequest } from "../domain/shared/errors";
import type { ImportSource } from "../domain/imports";
import { sessionOnly } from "../http/api-key-auth";
import type { AppEnv } from "../http/types";
import { attachment, today } from "./answers";
import { dealerRoute, openApiRouter } from "./openapi";

export const CHOOSE_A_FILE = "Choose a CSV, TSV or .xlsx file to import (the form field file)";
const FILE_TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`;
/** Room for the multipart envelope around a file of the largest size. */
const MULTIPART_OVERHEAD = 64 * 1024;

const refused = (error: z.ZodError) =>
  badRequest(
    error.issues[0]?.message ?? "Invalid input",
    error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
  );

/** The body of POST /imports: a file sent as multipart `file`, or `{ url }` as JSON; anything else 415. */
async function importSourceOf(c: Context<AppEnv>): Promise<ImportSource> {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (mediaType === "multipart/form-data") {
    if (Number(c.req.header("Content-Length") ?? 0) > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD)
      throw new DomainError(413, FILE_TOO_LARGE);
    const form = await c.req.formData().catch(() => {
      throw badRequest(CHOOSE_A_FILE);
    });
    const file = form.get("file");
    if (!file || typeof file === "string") throw badRequest(CHOOSE_A_FILE);
    if (file.size > IMPORT_MAX_BYTES) throw new DomainError(413, FILE_TOO_LARGE);
    return {
      file: new Uint8Array(await file.arrayBuffer()),
      name: (file.name || "spreadsheet").slice(0, 200),
    };
  }
  if (/^application\/([\w.-]+\+)?json$/.test(mediaType)) {
    const body: unknown = await c.req.json().catch(() => {
      throw badRequest("The body is not valid JSON");
    });
    const parsed = importLinkSchema.safeParse(body);
    if (!parsed.success) throw refused(parsed.error);
    return { url: parsed.data.url };
  }
  throw new HTTPException(415, { message: `${CHOOSE_A_FILE}, or send { "url": … } as JSON` });
}

/**
 * Inventory in bulk, under /api/inventory: a spreadsheet imported (file or published link) into a preview,
 * its mapping corrected, its good rows published as one post; Sync now on a linked post; the CSV export.
 * Mounted before the inventory router, so /export is never read as a post id.
 */
export const inventoryImportRoutes = openApiRouter(dealersOnly)
  .openapi(
    dealerRoute.post(
      "/imports",
      { 201: importPreviewSchema, 402: planRequiredSchema, 413: null, 415: null },
      {
        middleware: [activePlanRequired],
      },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const source = await importSourceOf(c);
      return c.json(await c.var.services.imports.start(dealer, source), 201);
    },
  )
  .openapi(
    dealerRoute.patch(
      "/imports/{id}",
      { 200: importPreviewSchema },
      { params: importIdSchema, body: z.object({ mapping: columnMappingSchema.optional() }) },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return c.json(
        await c.var.services.imports.remap(dealer.id, id, c.req.valid("json").mapping ?? {}),
        200,
      );
    },
  )
  .openapi(
    dealerRoute.post(
      "/imports/{id}/publish",
      { 201: postDetailSchema, 402: planRequiredSchema },
      { params: importIdSchema, body: publishImportSchema, middleware: [activePlanRequired] },
    ),
    async (c) => {
      const { dealer } = requireDealer(c);
      const { id } = c.req.valid("param");
      return c.json(await c.var.services.imports.publish(dealer, id, c.req.valid("json")), 201);
    },
  )
  /** Sync now: the post's sheet read again. */
  .openapi(
    dealerRoute.post("/{id}/sync", { 200: inventorySyncSchema }, { params: postIdSchema }),
    async (c) => {
      const { dealer } = requireDealer(c);
      return c.json(await c.var.services.imports.syncPost(dealer.id, c.req.valid("param").id), 200);
    },
  )
  /** Export: the dealer's listed vehicles as CSV, in the columns an import reads. */
  .openapi(dealerRoute.get("/export", { 200: null }, { middleware: [sessionOnly] }), async (c) => {
    const { dealer } = requireDealer(c);
    const csv = await c.var.services.imports.exportCsv(dealer.id);
    return attachment(csv, "text/csv; charset=utf-8", `inventory-${today()}.csv`);
  });
