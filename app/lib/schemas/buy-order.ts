/**
 * A standing buy order: what a Requesting post's author will buy, as fields the dealer can correct (years,
 * makes and models, most miles, highest price, states, until when). Read from the post's words until the
 * dealer saves their own; then matching uses theirs. One schema for the API's JSON and the post page's form
 * (text fields, "TX, OK" for states). Pure code.
 */
import { z } from "zod";
import { US_STATE_CODES } from "#lib/constants";
import { YEAR_MAX, YEAR_MIN } from "#lib/schemas/inventory-constants";
import {
  BUY_ORDER_MILEAGE_MAX,
  BUY_ORDER_PRICE_MAX,
  BUY_ORDER_VEHICLES_MAX,
} from "#lib/schemas/buy-order-constants";

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const numberOrAbsent = (v: unknown) =>
  blank(v) ? undefined : typeof v === "string" ? Number(v.replace(/[,$\s]/g, "")) : v;

const year = (label: string) =>
  z.preprocess(
    numberOrAbsent,
    z
      .number({ error: `${label} must be a year` })
      .int(`${label} must be a year`)
      .min(YEAR_MIN, `${label} must be from ${YEAR_MIN} to ${YEAR_MAX}`)
      .max(YEAR_MAX, `${label} must be from ${YEAR_MIN} to ${YEAR_MAX}`)
      .optional(),
  );

const name = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(60, `${label} is too long`);

/** A wanted vehicle: a make, and a model unless any model of the make will do. */
const buyOrderVehicleSchema = z.object({
  make: name("Make").min(1, "Each vehicle needs a make"),
  model: z.preprocess((v) => (blank(v) ? undefined : v), name("Model").optional()),
});

export const buyOrderSchema = z
  .object({
    years: z.preprocess(
      (v) =>
        v &&
        typeof v === "object" &&
        blank((v as { from?: unknown }).from) &&
        blank((v as { to?: unknown }).to)
          ? undefined
          : v,
      z
        .object({ from: year("Year from"), to: year("Year to") }, { error: "Years must be from and to" })
        .refine((y) => y.from === undefined || y.to === undefined || y.from <= y.to, {
          message: "Year from must not be after year to",
          path: ["to"],
        })
        .optional(),
    ),
    vehicles: z.preprocess(
      // A form's empty rows (the blank one for adding a vehicle) are no vehicle.
      (v) =>
        Array.isArray(v)
          ? v.filter((row) => !(row && typeof row === "object" && blank(row.make) && blank(row.model)))
          : (v ?? []),
      z
        .array(buyOrderVehicleSchema, { error: "Vehicles must be a list" })
        .min(1, "Name at least one make you are buying")
        .max(BUY_ORDER_VEHICLES_MAX, `At most ${BUY_ORDER_VEHICLES_MAX} vehicles in one buy order`),
    ),
    maxMileage: z.preprocess(
      numberOrAbsent,
      z
        .number({ error: "Most miles must be a number" })
        .int("Most miles must be a whole number")
        .min(0, "Most miles cannot be negative")
        .max(BUY_ORDER_MILEAGE_MAX, "Most miles is too high")
        .optional(),
    ),
    maxPrice: z.preprocess(
      numberOrAbsent,
      z
        .number({ error: "Highest price must be a number" })
        .int("Highest price must be whole dollars")
        .min(1, "Highest price must be at least $1")
        .max(BUY_ORDER_PRICE_MAX, "Highest price is too high")
        .optional()
        .describe("whole dollars"),
    ),
    states: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(/[\s,]+/)
              .filter(Boolean)
              .map((s) => s.toUpperCase())
          : Array.isArray(v)
            ? v.map((s) => (typeof s === "string" ? s.trim().toUpperCase() : s))
            : v,
      z
        .array(z.enum(US_STATE_CODES, { error: "States must be US state codes, like TX" }), {
          error: "States must be a list",
        })
        .max(US_STATE_CODES.length)
        .transform((list) => [...new Set(list)])
        .optional(),
    ),
    until: z.preprocess(
      (v) => (blank(v) ? undefined : v),
      z.iso
        .date({ error: "Until must be a date (YYYY-MM-DD)" })
        .optional()
        .describe("the last day it stands"),
    ),
  })
  .meta({ id: "BuyOrderInput" });
export type BuyOrder = z.output<typeof buyOrderSchema>;

/** GET and PUT /api/inventory/{id}/buy-order: the criteria, and whether they are the dealer's own. */
export const buyOrderAnswerSchema = z
  .object({
    years: z.object({ from: z.number().int().optional(), to: z.number().int().optional() }).optional(),
    vehicles: z.array(z.object({ make: z.string(), model: z.string().optional() })),
    maxMileage: z.number().int().optional(),
    maxPrice: z.number().int().optional().describe("whole dollars"),
    states: z.array(z.string()).optional(),
    until: z.string().optional().describe("ISO date: the last day it stands"),
    source: z
      .enum(["post-text", "dealer"])
      .describe("post-text: read from the post's words; dealer: the dealer's own, used for matching"),
  })
  .meta({ id: "BuyOrder" });
export type BuyOrderAnswer = z.output<typeof buyOrderAnswerSchema>;

/** The last moment of the order's last day (UTC): it stands through the whole of that day. */
export const buyOrderEndsAt = (until: string) => Date.parse(`${until}T23:59:59.999Z`);
