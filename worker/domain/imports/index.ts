import { and, asc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ImportPreview, InventorySync, PostDetail } from "#lib/api-types";
import { toIso } from "#lib/api-types";
import { autoMapping, type ColumnMapping } from "#lib/imports/columns";
import type { PublishImport } from "#lib/schemas/imports";
import type { CreatePost } from "#lib/schemas/inventory";
import type { Database } from "../../db/client";
import { importMappings, inventoryImports, inventoryPosts, vehicles } from "../../db/schema";
import type { DealerRow } from "../dealers";
import type { IndexedPost } from "../deal-alerts/match";
import type { PostChange } from "../inventory/lifecycle";
import { LIMITS, type RateLimitService } from "../rate-limits";
import { conflict, badRequest, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import { listedVehiclesCsv } from "./export";
import { checkMapping, readRows, toRowAnswer, type DecodeMany } from "./rows";
import { readSheet, type Sheet } from "./sheet";
import { planSync, syncStatements } from "./sync";

/** Unpublished imports, and those of files once published, are kept this long (the daily cron). */
export const IMPORT_KEEP_DAYS = 7;
/** The daily cron reads at most this many linked sheets a run, the longest unsynced first. */
export const SHEETS_SYNCED_PER_RUN = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export const IMPORT_NOT_FOUND = "Import not found";
export const NOT_LINKED = "This post was not published from a sheet's link";

type ImportRow = typeof inventoryImports.$inferSelect;

export type ImportSource = { file: Uint8Array; name: string } | { url: string };

type Deps = {
  rateLimits: RateLimitService;
  decodeMany: DecodeMany;
  /** The bytes of a published sheet (integrations/sheet-link.ts), checked and capped. */
  fetchSheet: (url: string) => Promise<{ bytes: Uint8Array }>;
  /** The one way a post is made (inventory.createPost): limits, summary, announcement, deal alerts. */
  createPost: (dealer: DealerRow, input: CreatePost) => Promise<PostDetail>;
  /** Told after a sync changed prices or vehicles (price drops, new deal alerts). */
  onPostChanged?: (postId: string, change: PostChange) => void;
};

/**
 * Inventory in bulk: a spreadsheet (file or published link) read into a preview, published as one post, kept
 * in step with its link, and the dealer's listed vehicles exported in the same columns.
 */
export function importService(db: Database, deps: Deps) {
  async function ownImport(dealerId: string, id: string): Promise<ImportRow> {
    const row = await db
      .select()
      .from(inventoryImports)
      .where(and(eq(inventoryImports.id, id), eq(inventoryImports.dealerId, dealerId)))
      .get();
    if (!row) throw notFound(IMPORT_NOT_FOUND);
    return row;
  }

  async function sheetOf(source: ImportSource): Promise<Sheet> {
    const bytes = "file" in source ? source.file : (await deps.fetchSheet(source.url)).bytes;
    return readSheet(bytes);
  }

  async function preview(row: ImportRow, mapping: ColumnMapping): Promise<ImportPreview> {
    const { rows } = await readRows({ headers: row.headers, rows: row.rows }, mapping, deps.decodeMany);
    const validCount = rows.filter((r) => r.vehicle).length;
    return {
      id: row.id,
      source: row.source,
      name: row.name,
      headers: row.headers,
      mapping: mapping as Record<string, string | null>,
      rows: rows.map(toRowAnswer),
      validCount,
      errorCount: rows.length - validCount,
      createdAt: toIso(row.createdAt),
    };
  }

  /** Reads a linked sheet again into its post; answers what changed. */
  async function syncImport(row: ImportRow, now: number): Promise<InventorySync> {
    if (!row.url || !row.postId) throw badRequest(NOT_LINKED);
    const sheet = await sheetOf({ url: row.url });
    const mapping = autoMapping(sheet.headers, row.mapping);
    const { ready } = await readRows(sheet, mapping, deps.decodeMany);
    const [post] =
      await db.all<IndexedPost>(sql`select p.id as id, p.dealer_id as dealerId, p.type as type, p.status as status, p.title as title,
             p.description as description, d.state as state
           from inventory_posts p join dealers d on d.id = p.dealer_id where p.id = ${row.postId}`);
    if (!post) throw notFound(IMPORT_NOT_FOUND);
    const current = await db
      .select()
      .from(vehicles)
      .where(eq(vehicles.postId, post.id))
      .orderBy(asc(vehicles.position));
    const plan = planSync(
      current,
      ready.map((r) => r.vehicle),
    );
    const { statements } = syncStatements(db, post, current, plan, now);
    await db.batch([
      ...(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]),
      db
        .update(inventoryImports)
        .set({ syncedAt: now, headers: sheet.headers, rows: [] })
        .where(eq(inventoryImports.id, row.id)),
    ]);
    const changed = plan.added.length + plan.updated.length + plan.removed.length > 0;
    if (changed) deps.onPostChanged?.(post.id, { drops: plan.drops, matchAgain: true });
    return { added: plan.added.length, updated: plan.updated.length, removed: plan.removed.length };
  }

  return {
    /** POST /api/inventory/imports: the sheet read, mapped (the dealer's remembered mapping first) and checked. */
    async start(dealer: DealerRow, source: ImportSource): Promise<ImportPreview> {
      await deps.rateLimits.spend([LIMITS.importsPerDealer, dealer.id]);
      const [sheet, remembered] = await Promise.all([
        sheetOf(source),
        db.select().from(importMappings).where(eq(importMappings.dealerId, dealer.id)).get(),
      ]);
      const mapping = autoMapping(sheet.headers, remembered?.mapping ?? {});
      const row: ImportRow = {
        id: newId(),
        dealerId: dealer.id,
        source: "file" in source ? "file" : "link",
        name: "file" in source ? source.name : source.url,
        url: "url" in source ? source.url : null,
        headers: sheet.headers,
        rows: sheet.rows,
        mapping: mapping as Record<string, string | null>,
        postId: null,
        syncedAt: null,
        createdAt: Date.now(),
      };
      const [answer] = await Promise.all([preview(row, mapping), db.insert(inventoryImports).values(row)]);
      return answer;
    },

    /** PATCH /api/inventory/imports/{id}: the dealer's corrected mapping kept, and the preview under it. */
    async remap(dealerId: string, id: string, corrected: ColumnMapping): Promise<ImportPreview> {
      const [row] = await Promise.all([
        ownImport(dealerId, id),
        deps.rateLimits.spend([LIMITS.postEditsPerDealer, dealerId]),
      ]);
      if (row.postId) throw conflict("This import is already posted");
      checkMapping(corrected, row.headers);
      const mapping = autoMapping(row.headers, corrected);
      checkMapping(mapping, row.headers);
      const [answer] = await Promise.all([
        preview(row, mapping),
        db
          .update(inventoryImports)
          .set({ mapping: mapping as Record<string, string | null> })
          .where(eq(inventoryImports.id, id)),
      ]);
      return answer;
    },

    /**
     * POST /api/inventory/imports/{id}/publish: the good rows as one post (a link's post stays tied to it for
     * Sync now), and the mapping remembered for the dealer's next import.
     */
    async publish(dealer: DealerRow, id: string, input: PublishImport): Promise<PostDetail> {
      const row = await ownImport(dealer.id, id);
      if (row.postId) throw conflict("This import is already posted");
      if (input.mapping) checkMapping(input.mapping, row.headers);
      const mapping = input.mapping
        ? autoMapping(row.headers, input.mapping)
        : (row.mapping as ColumnMapping);
      checkMapping(mapping, row.headers);
      const { ready } = await readRows({ headers: row.headers, rows: row.rows }, mapping, deps.decodeMany);
      if (ready.length === 0)
        throw badRequest(
          "No row of this sheet can be posted: fix the rows the preview lists and import it again",
        );
      const post = await deps.createPost(dealer, {
        title: input.title,
        description: input.description ?? "",
        type: row.url ? "spreadsheet" : "multiple",
        spreadsheetUrl: row.url ?? undefined,
        vehicles: ready.map((r) => r.vehicle),
        photoUrls: [],
      });
      const now = Date.now();
      await db.batch([
        db
          .update(inventoryImports)
          .set({
            postId: post.id,
            mapping: mapping as Record<string, string | null>,
            syncedAt: now,
            rows: [],
          })
          .where(eq(inventoryImports.id, row.id)),
        db
          .insert(importMappings)
          .values({ dealerId: dealer.id, mapping: mapping as Record<string, string | null>, updatedAt: now })
          .onConflictDoUpdate({
            target: importMappings.dealerId,
            set: { mapping: mapping as Record<string, string | null>, updatedAt: now },
          }),
      ]);
      return post;
    },

    /** POST /api/inventory/{id}/sync: Sync now, by the post's dealer. */
    async syncPost(dealerId: string, postId: string): Promise<InventorySync> {
      const row = await db
        .select()
        .from(inventoryImports)
        .where(and(eq(inventoryImports.postId, postId), eq(inventoryImports.dealerId, dealerId)))
        .get();
      if (!row) {
        const post = await db
          .select({ id: inventoryPosts.id })
          .from(inventoryPosts)
          .where(eq(inventoryPosts.id, postId))
          .get();
        throw post ? badRequest(NOT_LINKED) : notFound("Post not found");
      }
      await deps.rateLimits.spend([LIMITS.importsPerDealer, dealerId]);
      return syncImport(row, Date.now());
    },

    /**
     * The daily cron: the linked sheets of active posts read again, the longest unsynced first; a sheet that
     * cannot be read is skipped (and tried again tomorrow). Then old imports go. Answers how many synced.
     */
    async syncAll(now = Date.now()): Promise<number> {
      const due = await db
        .select({ row: inventoryImports })
        .from(inventoryImports)
        .innerJoin(inventoryPosts, eq(inventoryPosts.id, inventoryImports.postId))
        .where(and(isNotNull(inventoryImports.url), eq(inventoryPosts.status, "active")))
        .orderBy(asc(inventoryImports.syncedAt))
        .limit(SHEETS_SYNCED_PER_RUN);
      let synced = 0;
      for (const { row } of due) {
        try {
          await syncImport(row, now);
          synced += 1;
        } catch (error) {
          console.warn(
            `Sheet of post ${row.postId} not synced:`,
            error instanceof Error ? error.message : error,
          );
        }
      }
      await db
        .delete(inventoryImports)
        .where(
          and(
            lt(inventoryImports.createdAt, now - IMPORT_KEEP_DAYS * DAY_MS),
            or(isNull(inventoryImports.postId), isNull(inventoryImports.url)),
          ),
        );
      return synced;
    },

    /** GET /api/inventory/export. */
    exportCsv(dealerId: string): Promise<string> {
      return listedVehiclesCsv(db, dealerId);
    },
  };
}

export type ImportService = ReturnType<typeof importService>;
