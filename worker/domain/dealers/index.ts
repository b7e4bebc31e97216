import { eq, sql } from "drizzle-orm";
import type { CurrentUser, DirectoryDealer } from "#lib/api-types";
import { CANADIAN_PROVINCE_CODES } from "#lib/constants";
import type { OnboardingProfile } from "#lib/schemas/auth";
import type { DealerCreateInput, DealerUpdateInput } from "#lib/schemas/dealer";
import type { Database } from "../../db/client";
import { dealers } from "../../db/schema";
import { cardOf, viewerOf } from "../directory/cards";
import { forbidden, notFound } from "../shared/errors";
import { newId } from "../shared/ids";
import { LIMITS, type RateLimitService } from "../rate-limits";
import type { Viewer } from "../accounts/sessions";

export type DealerRow = typeof dealers.$inferSelect;

/**
 * The other dealer of a connection or a deal: 404 for an unknown id, and so for a dealer of the other network,
 * which the viewer's database never shows (worker/db/network-wall.ts).
 */
export async function requireDealer(db: Database, dealerId: string): Promise<void> {
  const [found] = await db.all<{ id: string }>(sql`select id from dealers where id = ${dealerId}`);
  if (!found) throw notFound("Dealer not found");
}
export type { CurrentUser };

/** The "current user", where `id` is the dealer id used everywhere a dealer is named. */
export function toCurrentUser(viewer: Viewer): CurrentUser {
  const d = viewer.dealer;
  return {
    id: d?.id ?? null,
    userId: viewer.accountId,
    role: viewer.role,
    hasProfile: d !== null,
    emailVerified: viewer.emailVerified,
    name: d?.name ?? "",
    firstName: d?.firstName ?? "",
    lastName: d?.lastName ?? "",
    dealershipName: d?.dealershipName ?? "",
    email: d?.email ?? viewer.email,
    phone: d?.phone ?? "",
    address: d?.address ?? "",
    city: d?.city ?? "",
    state: d?.state ?? "",
    zip: d?.zipCode ?? "",
    country: d?.country ?? "US",
    dealershipType: d?.dealershipType ?? "independent",
    profileType: d?.profileType ?? "seller",
    buysCanadianVehicles: d?.buysCanadianVehicles ?? false,
    description: d?.description ?? "",
    website: d?.website ?? "",
    vehiclesNeeded: d?.vehiclesNeeded ?? "",
    vehiclesSold: d?.vehiclesSold ?? "",
    avatar: d?.avatar ?? null,
    dealershipPhoto: d?.dealershipPhoto ?? null,
  };
}

const countryOf = (state: string) =>
  (CANADIAN_PROVINCE_CODES as readonly string[]).includes(state) ? "CA" : "US";

const splitName = (name: string) => {
  const [firstName, ...rest] = name.split(/\s+/);
  return { firstName: firstName ?? "", lastName: rest.join(" ") };
};

type DealerEditor = { accountId: string; dealerId: string | null; isAdmin: boolean };

/** Dealers themselves: onboarding's profile, the dealers others add to the directory, and edits. */
export function dealerService(db: Database, rateLimits: RateLimitService) {
  return {
    /** Onboarding step 1: creates the account's dealer profile, or updates it when it already exists. */
    async completeProfile(accountId: string, profile: OnboardingProfile): Promise<DealerRow> {
      const fields = {
        ...profile,
        name: `${profile.firstName} ${profile.lastName}`,
        updatedAt: Date.now(),
        lastActiveAt: Date.now(),
      };
      const [dealer] = await db
        .insert(dealers)
        .values({ id: newId(), accountId, ...fields })
        .onConflictDoUpdate({ target: dealers.accountId, set: fields })
        .returning();
      if (!dealer) throw new Error("Profile was not saved");
      return dealer;
    },

    async findById(id: string): Promise<DealerRow | undefined> {
      return db.select().from(dealers).where(eq(dealers.id, id)).get();
    },

    /** Whether the account has a dealer the viewer's network shows (worker/db/network-wall.ts). */
    async seesAccount(accountId: string): Promise<boolean> {
      const found = await db
        .select({ id: dealers.id })
        .from(dealers)
        .where(eq(dealers.accountId, accountId))
        .get();
      return found !== undefined;
    },

    /**
     * POST /api/dealers: a dealer another dealer trades with off-platform. It has no account and
     * records who added it; the figures start at zero and the rating at "not rated yet".
     */
    async create(addedByDealerId: string, input: DealerCreateInput): Promise<DirectoryDealer> {
      await rateLimits.spend([LIMITS.dealersAddedPerDealer, addedByDealerId]);
      const id = newId();
      await db.insert(dealers).values({
        id,
        accountId: null,
        addedByDealerId,
        ...splitName(input.name),
        ...input,
        country: countryOf(input.state),
        // A dealer added by a demo dealership stays in the demo network (worker/db/network-wall.ts).
        isDemo: sql`(select is_demo from dealers where id = ${addedByDealerId})`,
        updatedAt: Date.now(),
      });
      const card = await cardOf(db, viewerOf(addedByDealerId), id);
      if (!card) throw new Error("The new dealer was not found after saving");
      return card;
    },

    /**
     * PATCH /api/dealers/{id}: only the dealer's own account or an admin may change it (403 for
     * everyone else, 404 for an unknown id). Only the fields sent change.
     */
    async update(editor: DealerEditor, dealerId: string, input: DealerUpdateInput): Promise<DirectoryDealer> {
      const existing = await db
        .select({ accountId: dealers.accountId })
        .from(dealers)
        .where(eq(dealers.id, dealerId))
        .get();
      if (!existing) throw notFound("Dealer not found");
      const own = existing.accountId !== null && existing.accountId === editor.accountId;
      if (!own && !editor.isAdmin) throw forbidden("Only this dealer or an admin can edit this dealer");
      const changes: Partial<typeof dealers.$inferInsert> = Object.fromEntries(
        Object.entries(input).filter(([, v]) => v !== undefined),
      );
      if (input.name !== undefined) Object.assign(changes, splitName(input.name));
      if (input.state !== undefined) changes.country = countryOf(input.state);
      await db
        .update(dealers)
        .set({ ...changes, updatedAt: Date.now() })
        .where(eq(dealers.id, dealerId));
      const card = await cardOf(db, viewerOf(editor.dealerId, { isAdmin: editor.isAdmin }), dealerId);
      if (!card) throw notFound("Dealer not found");
      return card;
    },
  };
}
