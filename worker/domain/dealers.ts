import { eq } from "drizzle-orm";
import type { OnboardingProfile } from "../../app/lib/schemas/auth";
import type { Database } from "../db/client";
import { dealers } from "../db/schema";
import { newId } from "./ids";
import type { Viewer } from "./sessions";

export type DealerRow = typeof dealers.$inferSelect;

/** The core spec's "Current user", where `id` is the dealer id used everywhere a dealer is named. */
export function toCurrentUser(viewer: Viewer) {
  const d = viewer.dealer;
  return {
    id: d?.id ?? null,
    userId: viewer.accountId,
    role: viewer.role,
    hasProfile: d !== null,
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
export type CurrentUser = ReturnType<typeof toCurrentUser>;

export function dealerService(db: Database) {
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
  };
}
