import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildVin } from "#lib/vin";
import { openDatabase } from "../../worker/db/client";
import { vinService } from "../../worker/domain/vin";

/** A local stand-in for vPIC's DecodeVINValuesBatch: knows Fords, records each call's VINs. */
function fakeBatchVpic({ down = false } = {}) {
  const calls: string[][] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    expect(url).toBe("https://vpic.test/api/vehicles/DecodeVINValuesBatch/");
    expect(init?.method).toBe("POST");
    const vins = new URLSearchParams(String(init?.body)).get("data")!.split(";");
    calls.push(vins);
    if (down) return new Response("busy", { status: 503 });
    const Results = vins.map((VIN) =>
      VIN.startsWith("1FT")
        ? {
            VIN,
            Make: "FORD",
            Model: "F-150",
            Trim: "XLT",
            ModelYear: "2019",
            PlantCountry: "UNITED STATES (USA)",
          }
        : { VIN, Make: "", ErrorCode: "7" },
    );
    return Response.json({ Count: Results.length, Results });
  };
  return { calls, fetch };
}

const fords = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) =>
    buildVin({ wmi: "1FT", descriptor: "EW1E5", year: 2019, plant: "K", serial: String(300000 + from + i) }),
  );

describe("decoding an import's VINs in batches", () => {
  it("asks vPIC 50 VINs a call, keeps each answer per VIN, and decodes what vPIC does not know offline", async () => {
    const vpic = fakeBatchVpic();
    const service = vinService(openDatabase(env.DB), { VPIC_BASE_URL: "https://vpic.test/api" }, vpic.fetch);
    const honda = "1HGCM82633A004352";
    const vins = [...fords(120), honda, "not-a-vin"];
    const decodes = await service.decodeMany(vins);
    expect(vpic.calls.map((c) => c.length)).toEqual([50, 50, 21]);
    expect(decodes.size).toBe(121);
    expect(decodes.get(vins[0]!)).toMatchObject({
      make: "Ford",
      model: "F-150",
      trim: "XLT",
      source: "vpic",
    });
    expect(decodes.get(honda)).toMatchObject({ make: "Honda", year: 2003, source: "offline" });

    // The second import asks vPIC only for VINs it has not answered before.
    const again = await service.decodeMany([...fords(120), ...fords(3, 500)]);
    expect(vpic.calls.slice(3).map((c) => c.length)).toEqual([3]);
    expect(again.get(vins[5]!)).toMatchObject({ cached: true, source: "vpic" });
  });

  it("falls back to the offline decoder when vPIC is away, and keeps nothing", async () => {
    const vpic = fakeBatchVpic({ down: true });
    const service = vinService(openDatabase(env.DB), { VPIC_BASE_URL: "https://vpic.test/api" }, vpic.fetch);
    const vins = fords(3, 900);
    const decodes = await service.decodeMany(vins);
    expect(decodes.get(vins[0]!)).toMatchObject({ make: "Ford", year: 2019, source: "offline" });
    const kept = await env.DB.prepare(`select count(*) as n from vin_decodes where vin in (?, ?, ?)`)
      .bind(...vins)
      .first<{ n: number }>();
    expect(kept?.n).toBe(0);
  });

  it("does not call vPIC when it is not configured", async () => {
    const vpic = fakeBatchVpic();
    const decodes = await vinService(openDatabase(env.DB), {}, vpic.fetch).decodeMany(fords(2, 950));
    expect(vpic.calls).toEqual([]);
    expect([...decodes.values()].every((d) => d.source === "offline")).toBe(true);
  });
});
