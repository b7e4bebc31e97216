import { desc, eq, sql } from "drizzle-orm";
import { isoDay, promotionDefaults, type PromotionCreateInput, type PromotionUpdateInput } from "#lib/admin";
import { toIso, type Promotion } from "#lib/api-types";
import type { Database } from "../../db/client";
import { promotions } from "../../db/schema";
import { cursorKind, cursorValue, pageOf, type Page } from "../shared/cursors";
import { badRequest, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import type { AdminActor, AuditTrail } from "./audit";

type Row = typeof promotions.$inferSelect;

const promotionsCursor = cursorKind("promotions.newest", cursorValue.time, cursorValue.id);
/** The promo blocks of one feed page: at most this many promotions take turns. */
const FEED_PROMOTIONS = 10;

const toPromotion = (row: Row): Promotion => ({
  id: row.id,
  title: row.title,
  message: row.message,
  type: row.type,
  isActive: row.isActive,
  startDate: row.startDate,
  endDate: row.endDate,
  targetAudience: row.targetAudience,
  createdAt: toIso(row.createdAt),
});

const snapshot = (p: Promotion) => ({
  title: p.title,
  message: p.message,
  type: p.type,
  isActive: p.isActive,
  startDate: p.startDate,
  endDate: p.endDate,
  targetAudience: p.targetAudience,
});

/** /admin/promo and the home feed's promo block. */
export function promotionService(db: Database, deps: { audit: AuditTrail }) {
  async function rowOf(id: string): Promise<Row> {
    const row = await db.select().from(promotions).where(eq(promotions.id, id)).get();
    if (!row) throw notFound("Promotion not found");
    return row;
  }

  return {
    /** Newest first: Create adds at the top. */
    async list(query: { cursor?: string; limit: number }): Promise<Page<Promotion>> {
      const cursor = promotionsCursor.decode(query.cursor);
      const rows = await db
        .select()
        .from(promotions)
        .where(
          cursor
            ? sql`(${promotions.createdAt}, ${promotions.id}) < (${cursor[0]}, ${cursor[1]})`
            : undefined,
        )
        .orderBy(desc(promotions.createdAt), desc(promotions.id))
        .limit(query.limit + 1)
        .all();
      return pageOf(rows, query.limit, toPromotion, (last) =>
        promotionsCursor.encode(last.createdAt, last.id),
      );
    },

    async create(actor: AdminActor, input: PromotionCreateInput, now = Date.now()): Promise<Promotion> {
      const defaults = promotionDefaults(now);
      const row: Row = {
        id: newId(),
        title: input.title,
        message: input.message,
        type: input.type ?? defaults.type,
        isActive: input.isActive ?? defaults.isActive,
        startDate: input.startDate ?? defaults.startDate,
        endDate:
          input.endDate ??
          (input.startDate && input.startDate > defaults.endDate ? input.startDate : defaults.endDate),
        targetAudience: input.targetAudience ?? defaults.targetAudience,
        createdBy: actor.accountId,
        createdAt: now,
        updatedAt: null,
      };
      const promotion = toPromotion(row);
      await db.batch([
        db.insert(promotions).values(row),
        deps.audit.entry(actor, {
          action: "promotion.create",
          recordType: "promotion",
          recordId: row.id,
          before: null,
          after: snapshot(promotion),
        }),
      ]);
      return promotion;
    },

    /** Pause / Activate and edits. */
    async update(
      actor: AdminActor,
      id: string,
      input: PromotionUpdateInput,
      now = Date.now(),
    ): Promise<Promotion> {
      const before = toPromotion(await rowOf(id));
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const after = { ...before, ...changes } as Promotion;
      if (after.startDate > after.endDate)
        throw badRequest("The end date comes on or after the start date", [
          { path: "endDate", message: "The end date comes on or after the start date" },
        ]);
      await db.batch([
        db
          .update(promotions)
          .set({ ...changes, updatedAt: now })
          .where(eq(promotions.id, id)),
        deps.audit.entry(actor, {
          action: "promotion.update",
          recordType: "promotion",
          recordId: id,
          before: snapshot(before),
          after: snapshot(after),
        }),
      ]);
      return toPromotion(await rowOf(id));
    },

    async remove(actor: AdminActor, id: string): Promise<void> {
      const before = toPromotion(await rowOf(id));
      await db.batch([
        db.delete(promotions).where(eq(promotions.id, id)),
        deps.audit.entry(actor, {
          action: "promotion.delete",
          recordType: "promotion",
          recordId: id,
          before: snapshot(before),
          after: null,
        }),
      ]);
    },

    /**
     * The home feed's promo block: active promotions whose date window holds today (UTC) and whose audience
     * is everyone or the dealer's plan in force (Premium or Basic; on the trial or without a plan, only
     * "all"). Newest first. One query.
     */
    async forDealer(dealerId: string, now = Date.now()): Promise<Promotion[]> {
      const today = isoDay(now);
      const rows = await db.all<Omit<Row, "isActive"> & { isActive: number }>(sql`
        select id, title, message, type, is_active as isActive, start_date as startDate, end_date as endDate,
          target_audience as targetAudience, created_by as createdBy, created_at as createdAt, updated_at as updatedAt
        from promotions
        where is_active = 1 and start_date <= ${today} and end_date >= ${today}
          and (target_audience = 'all' or target_audience = (
            select case when pl.premium then 'premium' else 'basic' end
            from subscriptions s join plans pl on pl.id = s.plan_id
            where s.dealer_id = ${dealerId} and s.status in ('active', 'trialing', 'past_due')
              and (s.current_period_end is null or s.current_period_end > ${now})))
        order by created_at desc, id desc
        limit ${FEED_PROMOTIONS}`);
      return rows.map((row) => toPromotion({ ...row, isActive: Boolean(row.isActive) }));
    },
  };
}
