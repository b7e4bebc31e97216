/**
 * Offers and counter-offers: the business constants, one schema per call, the screens' texts. Pure code.
 */
import { z } from "zod";
import { pageQuery } from "#lib/schemas/paging";
import { OFFER_MESSAGE_MAX, OFFER_PRICE_MAX, OFFER_PRICE_MIN } from "#lib/schemas/offer-constants";

/** The reply clock a dealer gives the other side: a day unless they choose, from one hour to three days. */
export const OFFER_CLOCK_DEFAULT_HOURS = 24;
export const OFFER_CLOCK_MIN_HOURS = 1;
export const OFFER_CLOCK_MAX_HOURS = 72;
/** The choices the Make offer form shows. */
export const OFFER_CLOCK_CHOICES = [1, 3, 6, 12, 24, 48, 72] as const;

export const OFFER_STATUSES = ["open", "accepted", "declined", "withdrawn", "expired"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_SIDES = ["buyer", "seller"] as const;
export type OfferSide = (typeof OFFER_SIDES)[number];
export const OFFER_TITLE_STATUSES = ["in-hand", "absent"] as const;
export const TRANSPORT_SIDES = ["buyer", "seller"] as const;

/** The line every other open offer on a vehicle gets when one of them is accepted. */
export const SOLD_TO_ANOTHER_MESSAGE = "The seller accepted another offer on this vehicle.";

const price = z
  .number({ error: "Price must be a number of whole dollars" })
  .int("Price must be in whole dollars")
  .min(OFFER_PRICE_MIN, `Price must be at least $${OFFER_PRICE_MIN}`)
  .max(OFFER_PRICE_MAX, `Price must be at most $${OFFER_PRICE_MAX.toLocaleString("en-US")}`);

const message = z
  .string({ error: "Message must be text" })
  .trim()
  .max(OFFER_MESSAGE_MAX, `A message can hold at most ${OFFER_MESSAGE_MAX} characters`)
  .optional()
  .transform((v) => v || undefined);

export const offerTermsSchema = z
  .object({
    pickupBy: z.iso
      .date({ error: "Pick-up date must be a date like 2026-12-31" })
      .optional()
      .describe("the buyer picks the vehicle up by this day"),
    titleStatus: z
      .enum(OFFER_TITLE_STATUSES, { error: 'Title must be "in-hand" or "absent"' })
      .optional()
      .describe("the seller has the title in hand, or not yet"),
    transport: z
      .enum(TRANSPORT_SIDES, { error: 'Transport must be "buyer" or "seller"' })
      .optional()
      .describe("who arranges transport"),
  })
  .strict()
  .meta({ id: "OfferTerms" });
export type OfferTerms = z.output<typeof offerTermsSchema>;

/** POST /api/offers. */
export const makeOfferSchema = z
  .object({
    vehicleId: z.string({ error: "vehicleId is required" }).min(1, "vehicleId is required").max(64),
    price,
    message,
    expiresInHours: z
      .number({ error: "expiresInHours must be a number of hours" })
      .int("expiresInHours must be whole hours")
      .min(OFFER_CLOCK_MIN_HOURS, `The clock runs at least ${OFFER_CLOCK_MIN_HOURS} hour`)
      .max(OFFER_CLOCK_MAX_HOURS, `The clock runs at most ${OFFER_CLOCK_MAX_HOURS} hours`)
      .default(OFFER_CLOCK_DEFAULT_HOURS),
    terms: offerTermsSchema.optional(),
  })
  .strict();
export type MakeOffer = z.output<typeof makeOfferSchema>;

/** POST /api/offers/{id}/counter. */
export const counterOfferSchema = z.object({ price, message }).strict();
export type CounterOffer = z.output<typeof counterOfferSchema>;

/** POST /api/offers/{id}/decline: a JSON body, `{}` when there is nothing to say. */
export const declineOfferSchema = z.object({ message }).strict();

export const OFFERS_PAGE_SIZE = 20;
export const offersQuerySchema = z.object({
  role: z.enum(["buying", "selling"], { error: 'role must be "buying" or "selling"' }).optional(),
  status: z.enum(["open", "closed"], { error: 'status must be "open" or "closed"' }).optional(),
  ...pageQuery(OFFERS_PAGE_SIZE).shape,
});
export type OffersQuery = z.output<typeof offersQuerySchema>;

/**
 * What a deal alert carries when a buy order would pay the asking price (written by the deal alerts):
 * the vehicle and its price, for the one-tap Offer at asking.
 */
export const askingOfferSchema = z.object({
  offerAtAsking: z.literal(true),
  vehicleId: z.string().min(1),
  price: z.number().optional(),
  priceCents: z.number().int().optional(),
});
