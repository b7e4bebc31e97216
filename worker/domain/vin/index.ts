import { eq, inArray } from "drizzle-orm";
import type { VinDecode } from "#lib/api-types";
import { decodeVinOffline, deriveTrim, type OfflineVinDecode } from "#lib/vin";
import { inChunks } from "../../db/bound-parameters";
import type { Database } from "../../db/client";
import { vinDecodes } from "../../db/schema";
import {
  fetchVpicBatch,
  fetchVpicDecode,
  VPIC_BATCH_SIZE,
  type VpicDecode,
} from "../../integrations/vin-vpic";
import { badRequest } from "../shared/errors";

/**
 * GET /api/vin/{vin}, and the VINs of an import in batches: what the VIN says offline, with NHTSA vPIC's
 * answer merged in when it is reachable, kept per VIN.
 */

type VinEnv = { VPIC_BASE_URL?: string };
type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const titleCase = (text: string) =>
  text.length <= 3
    ? text.toUpperCase()
    : text.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, a: string, b: string) => a + b.toUpperCase());

function offlineAnswer(offline: OfflineVinDecode): VinDecode {
  return {
    vin: offline.vin,
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
}

/** vPIC's answer on top of the offline one: the offline make's spelling when both agree. */
function merged(offline: OfflineVinDecode, vpic: VpicDecode): VinDecode {
  const vin = offline.vin;
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
  return {
    ...offlineAnswer(offline),
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
}

export function vinService(db: Database, env: VinEnv, fetchImpl?: Fetch) {
  const baseUrl = () => env.VPIC_BASE_URL?.trim() || null;

  async function remember(decodes: readonly VinDecode[]) {
    const now = Date.now();
    for (const chunk of inChunks(decodes, { perItem: 3 })) {
      await db
        .insert(vinDecodes)
        .values(chunk.map((d) => ({ vin: d.vin, result: d, decodedAt: now })))
        .onConflictDoNothing();
    }
  }

  return {
    async decode(raw: string): Promise<VinDecode> {
      const offline = decodeVinOffline(raw);
      if (!offline.complete || offline.vin !== raw.trim().toUpperCase()) {
        throw badRequest("VIN must be exactly 17 characters without I, O or Q");
      }
      const vin = offline.vin;
      const cached = await db.select().from(vinDecodes).where(eq(vinDecodes.vin, vin)).get();
      if (cached) return { ...(cached.result as VinDecode), cached: true };

      const base = baseUrl();
      if (!base) return offlineAnswer(offline);
      const vpic = await fetchVpicDecode(vin, { baseUrl: base, fetch: fetchImpl });
      if (!vpic) return offlineAnswer(offline);
      const answer = merged(offline, vpic);
      await db
        .insert(vinDecodes)
        .values({ vin, result: answer, decodedAt: Date.now() })
        .onConflictDoUpdate({ target: vinDecodes.vin, set: { result: answer, decodedAt: Date.now() } });
      return answer;
    },

    /**
     * Many VINs at once (an import): the kept decodes first, then vPIC's batch decode, VPIC_BATCH_SIZE VINs a
     * call, for the rest; the offline decoder for whatever vPIC did not answer. Only VIN-shaped input is
     * decoded; the answer is keyed by the upper-case VIN.
     */
    async decodeMany(raw: readonly string[]): Promise<Map<string, VinDecode>> {
      const offline = new Map<string, OfflineVinDecode>();
      for (const text of raw) {
        const decode = decodeVinOffline(text);
        if (decode.complete) offline.set(decode.vin, decode);
      }
      const answers = new Map<string, VinDecode>();
      for (const chunk of inChunks([...offline.keys()])) {
        const rows = await db.select().from(vinDecodes).where(inArray(vinDecodes.vin, chunk));
        for (const row of rows) answers.set(row.vin, { ...(row.result as VinDecode), cached: true });
      }
      const missing = [...offline.keys()].filter((vin) => !answers.has(vin));
      const base = baseUrl();
      if (base && missing.length > 0) {
        const fresh: VinDecode[] = [];
        for (let i = 0; i < missing.length; i += VPIC_BATCH_SIZE) {
          const batch = missing.slice(i, i + VPIC_BATCH_SIZE);
          const found = await fetchVpicBatch(batch, { baseUrl: base, fetch: fetchImpl });
          for (const [vin, vpic] of found) {
            const own = offline.get(vin);
            if (own) fresh.push(merged(own, vpic));
          }
        }
        for (const d of fresh) answers.set(d.vin, d);
        await remember(fresh);
      }
      for (const [vin, own] of offline) if (!answers.has(vin)) answers.set(vin, offlineAnswer(own));
      return answers;
    },
  };
}
