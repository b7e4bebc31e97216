import { sql } from "drizzle-orm";
import { toIso, toIsoOrNull, type PaymentClock, type TitleClock, type Unwind } from "#lib/api-types";
import {
  defaultPaymentDueAt,
  defaultTitleDueAt,
  lateDays,
  unwindOpensAt,
  type ClockName,
  type UnwindStatus,
} from "#lib/deals/clocks";

/** The deal's clock row (`left join deal_clocks k`), as columns of the deal's own read; all null until one is written. */
export const CLOCK_COLUMNS = sql`
  k.title_in_hand as titleInHand, k.title_due_at as titleDueAt, k.title_agreed_by as titleAgreedBy,
  k.title_agreed_at as titleAgreedAt, k.title_proposed_due_at as titleProposedDueAt,
  k.title_proposed_by as titleProposedBy, k.title_proposed_at as titleProposedAt,
  k.payment_due_at as paymentDueAt, k.payment_agreed_by as paymentAgreedBy, k.payment_agreed_at as paymentAgreedAt,
  k.payment_proposed_due_at as paymentProposedDueAt, k.payment_proposed_by as paymentProposedBy,
  k.payment_proposed_at as paymentProposedAt, k.payment_sent_at as paymentSentAt,
  k.payment_received_at as paymentReceivedAt, k.unwind_status as unwindStatus, k.unwind_asked_at as unwindAskedAt,
  k.unwind_answered_at as unwindAnsweredAt`;

export const CLOCK_JOIN = sql`left join deal_clocks k on k.deal_id = d.id`;

type At = number | null;

export type ClockColumns = {
  titleInHand: number | null;
  titleDueAt: At;
  titleAgreedBy: string | null;
  titleAgreedAt: At;
  titleProposedDueAt: At;
  titleProposedBy: string | null;
  titleProposedAt: At;
  paymentDueAt: At;
  paymentAgreedBy: string | null;
  paymentAgreedAt: At;
  paymentProposedDueAt: At;
  paymentProposedBy: string | null;
  paymentProposedAt: At;
  paymentSentAt: At;
  paymentReceivedAt: At;
  unwindStatus: UnwindStatus | null;
  unwindAskedAt: At;
  unwindAnsweredAt: At;
};

/** What the clocks need of a deal: its parties, its state and date of sale, and its clock row. */
export type ClockedDeal = ClockColumns & {
  status: string;
  sellerId: string | null;
  buyerId: string | null;
  confirmedAt: At;
};

/** Only a deal confirmed between a seller and a buyer on DealerLane runs clocks (a recorded deal has no other side). */
export const hasClocks = (row: ClockedDeal): row is ClockedDeal & { confirmedAt: number } =>
  Boolean(row.sellerId && row.buyerId && row.confirmedAt) &&
  (row.status === "confirmed" || row.status === "completed" || row.status === "unwound");

/** The due dates in force: agreed ones, else those the sale set. */
export function dueDatesOf(row: ClockedDeal & { confirmedAt: number }) {
  return {
    title: row.titleDueAt ?? defaultTitleDueAt(row.confirmedAt, Boolean(row.titleInHand)),
    payment: row.paymentDueAt ?? defaultPaymentDueAt(row.confirmedAt),
  };
}

function proposalOf(row: ClockColumns, clock: ClockName, viewerId: string) {
  const dueAt = clock === "title" ? row.titleProposedDueAt : row.paymentProposedDueAt;
  const by = clock === "title" ? row.titleProposedBy : row.paymentProposedBy;
  const at = clock === "title" ? row.titleProposedAt : row.paymentProposedAt;
  return dueAt && by && at
    ? { dueAt: toIso(dueAt), proposedBy: by, proposedAt: toIso(at), byMe: by === viewerId }
    : null;
}

const agreementOf = (by: string | null, at: At) => (by && at ? { by, at: toIso(at) } : null);

/**
 * The deal's clocks as `viewerId` sees them at `now`; nulls for a deal without clocks. `titleReceivedAt` is the
 * pass-thru title step's time when it reads 'received' (the title at the buyer).
 */
export function clocksOf(
  row: ClockedDeal,
  viewerId: string,
  titleReceivedAt: number | null,
  now = Date.now(),
): { title: TitleClock | null; payment: PaymentClock | null; unwind: Unwind | null } {
  if (!hasClocks(row)) return { title: null, payment: null, unwind: null };
  const due = dueDatesOf(row);
  const titleLate = titleReceivedAt === null ? lateDays(due.title, now) : 0;
  const paymentLate = row.paymentReceivedAt === null ? lateDays(due.payment, now) : 0;
  const opensAt = unwindOpensAt(due.title);
  const open = row.status === "confirmed" || row.status === "completed";
  return {
    title: {
      status: titleReceivedAt !== null ? "received" : titleLate > 0 ? "late" : "due",
      dueAt: toIso(due.title),
      lateDays: titleLate,
      inHand: Boolean(row.titleInHand),
      receivedAt: toIsoOrNull(titleReceivedAt),
      proposal: proposalOf(row, "title", viewerId),
      agreed: agreementOf(row.titleAgreedBy, row.titleAgreedAt),
    },
    payment: {
      status:
        row.paymentReceivedAt !== null
          ? "received"
          : paymentLate > 0
            ? "late"
            : row.paymentSentAt !== null
              ? "sent"
              : "due",
      dueAt: toIso(due.payment),
      lateDays: paymentLate,
      sentAt: toIsoOrNull(row.paymentSentAt),
      receivedAt: toIsoOrNull(row.paymentReceivedAt),
      proposal: proposalOf(row, "payment", viewerId),
      agreed: agreementOf(row.paymentAgreedBy, row.paymentAgreedAt),
    },
    unwind: {
      status: row.unwindStatus,
      opensAt: toIso(opensAt),
      askedAt: toIsoOrNull(row.unwindAskedAt),
      answeredAt: toIsoOrNull(row.unwindAnsweredAt),
      canAsk:
        open &&
        viewerId === row.buyerId &&
        titleReceivedAt === null &&
        now >= opensAt &&
        row.unwindStatus !== "asked",
      canAnswer: open && viewerId === row.sellerId && row.unwindStatus === "asked",
    },
  };
}
