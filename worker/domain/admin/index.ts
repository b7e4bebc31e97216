import type { ChatRooms } from "../demo/cleanup";
import { and, eq, isNull } from "drizzle-orm";
import type { ApiKeyInput, CreatedApiKey } from "#lib/api-keys";
import type { Invoice } from "#lib/api-types";
import { dealers } from "../../db/schema";
import { issueApiKey } from "../accounts/api-keys";
import { notFound } from "../shared/errors";
import type { Database } from "../../db/client";
import type { accountTokenService } from "../accounts/tokens";
import type { NotificationCentre } from "../notifications/centre";
import type { OutboxService } from "../outbox";
import type { Delivery } from "../notifications/notify";
import { auditTrail, type AdminActor } from "./audit";
import type { StatsBook } from "../stats";
import { adminBroadcast } from "./broadcast";
import { dealReviews } from "./deal-reviews";
import { disputeDecisions } from "../disputes/admin";
import type { DisputeStep } from "../disputes/announce";
import type { DisputeRow } from "../disputes/views";
import { backupJson, backupParts, usersCsv, type BackupLimits, type BackupRooms } from "./exports";
import { adminFigures } from "./figures";
import { pricingAdmin } from "./pricing";
import { promotionService } from "./promotions";
import { userAdmin } from "./users";
import { verificationService } from "./verification";

type AdminConsoleDeps = {
  tokens: Pick<ReturnType<typeof accountTokenService>, "issue">;
  outbox: Pick<OutboxService, "enqueue" | "dealersGone">;
  deleteAccount: (accountId: string) => Promise<void>;
  announceReview: (dealId: string) => Promise<void>;
  /** Tells a dispute's two dealers of its decision. */
  announceDispute: (step: DisputeStep, row: DisputeRow) => Promise<void>;
  /** The reputation domain's refresh of these dealers' figures (a dispute decided). */
  refreshReputations: (dealerIds: string[]) => Promise<void>;
  fanout: (batchName: string, deliveries: Delivery[]) => Promise<void>;
  photos: R2Bucket;
  /** The bell's own database: the backup reads its notifications. */
  bellDb: Database;
  /** The notification centre: the demo's dealers' bells go with them. */
  bell: Pick<NotificationCentre, "forgetDealers">;
  /** My Stats' book: the demo's dealers' views and figures go with them. */
  stats: Pick<StatsBook, "forgetDealers">;
  /** Each chat's room: the demo's chats go with their messages; the backup reads every chat's history. */
  rooms: (chatId: string) => ReturnType<ChatRooms> & ReturnType<BackupRooms>;
  siteOrigin: string;
  /** The notification centre's delivery (bell, live): dealers told of a verification decision. */
  deliver: (delivery: Delivery) => Promise<unknown>;
  /** The subscriptions domain's 30-day money-back refund. */
  refund: (invoiceId: string, input: { adminAccountId: string; reason: string }) => Promise<Invoice>;
};

/** The admin console's domain: every admin action writes its audit entry here. */
export function adminConsole(db: Database, deps: AdminConsoleDeps) {
  const audit = auditTrail(db);
  const users = userAdmin(db, {
    audit,
    tokens: deps.tokens,
    outbox: deps.outbox,
    deleteAccount: deps.deleteAccount,
    siteOrigin: deps.siteOrigin,
  });
  return {
    audit,
    figures: adminFigures(db),
    users,
    deals: dealReviews(db, { audit, announce: deps.announceReview }),
    disputes: disputeDecisions(db, {
      audit,
      announce: deps.announceDispute,
      refreshReputations: deps.refreshReputations,
    }),
    promotions: promotionService(db, { audit }),
    verifications: verificationService(db, { audit, deliver: deps.deliver }),
    pricing: pricingAdmin(db, { audit }),
    broadcast: adminBroadcast(db, {
      audit,
      fanout: deps.fanout,
      photos: deps.photos,
      rooms: deps.rooms,
      outbox: deps.outbox,
      bell: deps.bell,
      stats: deps.stats,
    }),
    payments: {
      /** A refund within 30 days of the payment (subscriptions domain), audited. */
      async refund(actor: AdminActor, invoiceId: string, reason: string): Promise<Invoice> {
        const invoice = await deps.refund(invoiceId, { adminAccountId: actor.accountId, reason });
        await audit.record(actor, {
          action: "payment.refund",
          recordType: "invoice",
          recordId: invoiceId,
          before: { status: "paid", refundedCents: 0 },
          after: { status: invoice.status, refundedCents: invoice.refundedCents, reason },
        });
        return invoice;
      },
    },
    apiKeys: {
      /** A key "from sales" for any dealer: shown once to the admin, audited without the key. */
      async issue(actor: AdminActor, accountId: string, input: ApiKeyInput): Promise<CreatedApiKey> {
        const dealer = await db
          .select({ id: dealers.id })
          .from(dealers)
          .where(and(eq(dealers.accountId, accountId), isNull(dealers.deletedAt)))
          .get();
        if (!dealer) throw notFound("This account has no dealer profile");
        const created = await issueApiKey(db, { dealerId: dealer.id, ...input, issuedBy: actor.accountId });
        await audit.record(actor, {
          action: "api-key.issue",
          recordType: "api-key",
          recordId: created.id,
          after: { dealerId: dealer.id, name: created.name, prefix: created.prefix, scopes: created.scopes },
        });
        return created;
      },
    },
    exports: {
      usersCsv: () => usersCsv((query) => users.list({ ...query })),
      backupJson: (query?: Parameters<typeof backupJson>[2]) =>
        backupJson({ main: db, bell: deps.bellDb }, deps.rooms, query),
      backupParts: (limits?: BackupLimits) => backupParts({ main: db, bell: deps.bellDb }, limits),
    },
  };
}
