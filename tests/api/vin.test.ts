import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { vinService } from "../../worker/domain/vin";
import { fetchVpicDecode } from "../../worker/integrations/vin-vpic";
import { call, signUpDealer } from "./helpers";

let cookie: string;
beforeAll(async () => {
  cookie = (await signUpDealer()).cookie;
});

describe("GET /api/vin/{vin} (offline: no vPIC configured)", () => {
  it("runs with vPIC switched off, though wrangler.toml names NHTSA's API for deploys", () => {
    expect(env.VPIC_BASE_URL).toBe("");
  });

  it("decodes year, make and country from the VIN itself", async () => {
    const res = await call("GET", "/api/vin/1HGCM82633A004352", { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      vin: "1HGCM82633A004352",
      recognized: true,
      checkDigitValid: true,
      year: 2003,
      make: "Honda",
      country: "United States",
      source: "offline",
    });
  });

  it("accepts lower case", async () => {
    const res = await call("GET", "/api/vin/1hgcm82633a004352", { cookie });
    expect(res.status).toBe(200);
    expect(res.json.vin).toBe("1HGCM82633A004352");
  });

  it("tells a wrong check digit and an unknown maker", async () => {
    const wrong = await call("GET", "/api/vin/1HGCM82643A004352", { cookie });
    expect(wrong.json).toMatchObject({ checkDigitValid: false, make: "Honda" });
    const unknown = await call("GET", "/api/vin/1M8GDM9AXKP042788", { cookie });
    expect(unknown.json).toMatchObject({ recognized: false, checkDigitValid: true, year: 1989, make: null });
  });

  it("names the Sierra from a 1GT series code", async () => {
    const res = await call("GET", "/api/vin/1GT49REY4LF123456", { cookie });
    expect(res.json).toMatchObject({ make: "GMC", model: "Sierra 2500HD", year: 2020 });
  });

  it.each(["1HGCM82633A00435", "1HGCM82633A0043521", "1HGCM82633A00435O", "not-a-vin"])(
    "refuses %s with 400",
    async (vin) => {
      const res = await call("GET", `/api/vin/${vin}`, { cookie });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("VIN must be exactly 17 characters without I, O or Q");
    },
  );
});

/** A local stand-in for vPIC: records calls, answers what the test says. */
function fakeVpic(
  results: Record<string, unknown> | null,
  options: { status?: number; hang?: boolean } = {},
) {
  const calls: string[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    calls.push(url);
    if (options.hang) {
      await new Promise((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    }
    return new Response(JSON.stringify({ Count: 1, Results: results ? [results] : [] }), {
      status: options.status ?? 200,
      headers: { "Content-Type": "application/json" },
    });
  };
  return { calls, fetch };
}

const SIERRA = {
  Make: "GMC",
  Model: "Sierra",
  ModelYear: "2020",
  Trim: "",
  Series: "Denali",
  VehicleType: "TRUCK",
  BodyClass: "Pickup",
  DisplacementL: "6.6",
  EngineCylinders: "8",
  FuelTypePrimary: "Diesel",
  TransmissionStyle: "Automatic",
  DriveType: "4WD/4-Wheel Drive/4x4",
  PlantCountry: "UNITED STATES (USA)",
  ErrorCode: "0",
  ErrorText: "0 - VIN decoded clean.",
};

describe("vPIC adapter and merge", () => {
  it("asks vPIC's DecodeVinValues and merges its answer with the trim rules", async () => {
    const vpic = fakeVpic(SIERRA);
    const service = vinService(openDatabase(env.DB), { VPIC_BASE_URL: "https://vpic.test/api/" }, vpic.fetch);
    const decode = await service.decode("1GT49REY4LF123456");
    expect(vpic.calls).toEqual([
      "https://vpic.test/api/vehicles/DecodeVinValues/1GT49REY4LF123456?format=json",
    ]);
    expect(decode).toMatchObject({
      source: "vpic",
      cached: false,
      make: "GMC",
      model: "Sierra 2500HD",
      trim: "Denali",
      year: 2020,
      engine: "6.6L 8-cylinder Diesel",
      transmission: "Automatic",
      drive: "4WD/4-Wheel Drive/4x4",
      country: "United States",
    });
  });

  it("caches per VIN: the second decode does not call vPIC", async () => {
    const vpic = fakeVpic({
      ...SIERRA,
      Make: "FORD",
      Model: "F-150",
      Series: "F-150 XLT",
      ModelYear: "2013",
    });
    const service = vinService(openDatabase(env.DB), { VPIC_BASE_URL: "https://vpic.test/api" }, vpic.fetch);
    const first = await service.decode("1FTFW1ET9DFC10312");
    expect(first).toMatchObject({ make: "Ford", model: "F-150", trim: "XLT", cached: false });
    const second = await service.decode("1FTFW1ET9DFC10312");
    expect(second).toMatchObject({ make: "Ford", model: "F-150", trim: "XLT", cached: true });
    expect(vpic.calls).toHaveLength(1);
    // The API answers the cached decode too, even without vPIC configured.
    const res = await call("GET", "/api/vin/1FTFW1ET9DFC10312", { cookie });
    expect(res.json).toMatchObject({ model: "F-150", trim: "XLT", source: "vpic", cached: true });
  });

  it("falls back to the offline decode when vPIC fails, is slow or knows nothing — and caches nothing", async () => {
    const db = openDatabase(env.DB);
    for (const vpic of [
      fakeVpic(SIERRA, { status: 500 }),
      fakeVpic(null),
      fakeVpic({ ...SIERRA, Make: "" }),
    ]) {
      const decode = await vinService(db, { VPIC_BASE_URL: "https://vpic.test/api" }, vpic.fetch).decode(
        "1HGCM82633A004352",
      );
      expect(decode).toMatchObject({ source: "offline", make: "Honda", year: 2003 });
    }
    const slow = fakeVpic(SIERRA, { hang: true });
    const started = Date.now();
    expect(
      await fetchVpicDecode("1HGCM82633A004352", {
        baseUrl: "https://vpic.test/api",
        fetch: slow.fetch,
        timeoutMs: 50,
      }),
    ).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
    const cached = await env.DB.prepare(
      "select count(*) as n from vin_decodes where vin = '1HGCM82633A004352'",
    ).first<{ n: number }>();
    expect(cached?.n).toBe(0);
  });

  it("is not asked at all when no base URL is configured", async () => {
    const vpic = fakeVpic(SIERRA);
    const decode = await vinService(openDatabase(env.DB), {}, vpic.fetch).decode("5YJ3E1EA2KF317000");
    expect(vpic.calls).toEqual([]);
    expect(decode).toMatchObject({ source: "offline", make: "Tesla", year: 2019 });
  });
});
