import { eq } from "drizzle-orm";
import type { VinDecode } from "#lib/api-types";
import { decodeVinOffline, deriveTrim } from "#lib/vin";
import type { Database } from "../../db/client";
import { vinDecodes } from "../../db/schema";
import { fetchVpicDecode } from "../../integrations/vin-vpic";
import { badRequest } from "../shared/errors";

/** GET /api/vin/{vin}: what the VIN says offline, with NHTSA vPIC's answer merged in when it is reachable. */

type VinEnv = { VPIC_BASE_URL?: string };
type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const titleCase = (text: string) =>
  text.length <= 3
    ? text.toUpperCase()
    : text.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, a: string, b: string) => a + b.toUpperCase());

export function vinService(db: Database, env: VinEnv, fetchImpl?: Fetch) {
  return {
    async decode(raw: string): Promise<VinDecode> {
      const offline = decodeVinOffline(raw);
      if (!offline.complete || offline.vin !== raw.trim().toUpperCase()) {
        throw badRequest("VIN must be exactly 17 characters without I, O or Q");
      }
      const vin = offline.vin;
      const base: VinDecode = {
        vin,
        recognized: offline.recognized,
        checkDigitValid: offline.checkDigitValid,
        year: offline.year,
        make: offline.make,
        model: offline.model,
        trim: null,
        series: null,
        country: offline.country,
        vehicleType: null,
        bodyClass: null,
        engine: null,
        transmission: null,
        drive: null,
        source: "offline",
        cached: false,
      };

      const cached = await db.select().from(vinDecodes).where(eq(vinDecodes.vin, vin)).get();
      if (cached) return { ...(cached.result as VinDecode), cached: true };

      const baseUrl = env.VPIC_BASE_URL?.trim();
      if (!baseUrl) return base;
      const vpic = await fetchVpicDecode(vin, { baseUrl, fetch: fetchImpl });
      if (!vpic) return base;

      const make =
        offline.make && vpic.make && offline.make.toUpperCase() === vpic.make.toUpperCase()
          ? offline.make
          : vpic.make
            ? titleCase(vpic.make)
            : offline.make;
      const { model, trim } = deriveTrim(vin, {
        make,
        model: vpic.model ?? offline.model,
        trim: vpic.trim,
        series: vpic.series,
      });
      const merged: VinDecode = {
        ...base,
        recognized: true,
        year: vpic.modelYear ?? offline.year,
        make,
        model,
        trim,
        series: vpic.series,
        country: vpic.plantCountry ? titleCase(vpic.plantCountry.replace(/\s*\(.*\)$/, "")) : offline.country,
        vehicleType: vpic.vehicleType,
        bodyClass: vpic.bodyClass,
        engine: vpic.engine,
        transmission: vpic.transmission,
        drive: vpic.drive,
        source: "vpic",
      };
      await db
        .insert(vinDecodes)
        .values({ vin, result: merged, decodedAt: Date.now() })
        .onConflictDoUpdate({ target: vinDecodes.vin, set: { result: merged, decodedAt: Date.now() } });
      return merged;
    },
  };
}
