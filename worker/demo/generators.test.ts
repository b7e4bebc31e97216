import { describe, expect, it } from "vitest";
import { AUCTION_FACILITATORS, DEALERSHIP_TYPES, STATE_CODES } from "#lib/constants";
import { DEMO_FIRST_NAMES, DEMO_LAST_NAMES, DEMO_LOCATIONS, makeDemoDealer } from "./dealers.ts";
import { DEMO_COMMENTS, makeDemoComment, makeDemoPost, type DemoPostKind } from "./posts.ts";
import { createRandom, intBetween, pick, randomUuid } from "./random.ts";
import { makeDemoVehicle, makeDemoVin, VEHICLE_CATALOGUE } from "./vehicles.ts";
import { decodeManufacturer, decodeModelYear, hasValidCheckDigit, WMI } from "#lib/vin";

const KINDS: DemoPostKind[] = ["single", "multiple", "spreadsheet", "for-sale", "request"];

describe("createRandom", () => {
  it("is deterministic and stays in [0, 1)", () => {
    const a = createRandom(2026);
    const b = createRandom(2026);
    const c = createRandom(7);
    const first = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(first);
    for (const x of first) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it("pick and intBetween stay in range", () => {
    const random = createRandom(1);
    for (let i = 0; i < 500; i++) {
      const n = intBetween(random, 3, 10);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(10);
      expect(Number.isInteger(n)).toBe(true);
      expect(["a", "b", "c"]).toContain(pick(random, ["a", "b", "c"] as const));
    }
  });

  it("makes v4-shaped uuids", () => {
    const random = createRandom(3);
    const ids = Array.from({ length: 200 }, () => randomUuid(random));
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("catalogue and locations", () => {
  it("has at least 40 make/model pairs whose WMIs decode to the same make", () => {
    expect(new Set(VEHICLE_CATALOGUE.map((e) => `${e.make} ${e.model}`)).size).toBeGreaterThanOrEqual(40);
    for (const entry of VEHICLE_CATALOGUE) {
      expect(entry.trims.length).toBeGreaterThan(0);
      expect(entry.years[0]).toBeLessThanOrEqual(entry.years[1]);
      expect(entry.price[0]).toBeLessThan(entry.price[1]);
      for (const wmi of entry.wmis) expect(WMI[wmi]).toBe(entry.make);
    }
  });

  it("has at least 60 locations in 30+ US states plus Canadian provinces, all valid codes", () => {
    expect(DEMO_LOCATIONS.length).toBeGreaterThanOrEqual(60);
    const usStates = new Set(DEMO_LOCATIONS.filter((l) => l.country === "US").map((l) => l.state));
    expect(usStates.size).toBeGreaterThanOrEqual(30);
    const provinces = new Set(DEMO_LOCATIONS.filter((l) => l.country === "CA").map((l) => l.state));
    for (const p of ["ON", "BC", "AB", "QC"]) expect(provinces.has(p)).toBe(true);
    for (const l of DEMO_LOCATIONS) expect(STATE_CODES as readonly string[]).toContain(l.state);
  });
});

describe("makeDemoVehicle", () => {
  it("builds VINs with a valid check digit, the right model year and the right make", () => {
    const random = createRandom(2026);
    for (let i = 0; i < 1000; i++) {
      const v = makeDemoVehicle(random);
      expect(hasValidCheckDigit(v.vin), v.vin).toBe(true);
      expect(decodeModelYear(v.vin), v.vin).toBe(v.year);
      expect(decodeManufacturer(v.vin)?.make, v.vin).toBe(v.make);
      expect(v.vin[6], v.vin).toMatch(v.year >= 2010 ? /[A-Z]/ : /[0-9]/);
    }
  });

  it("follows the year-cycle rule for pre-2010 years too", () => {
    const random = createRandom(5);
    for (const year of [1985, 1999, 2005, 2009, 2010, 2015, 2025, 2030]) {
      const vin = makeDemoVin(random, "1FT", year);
      expect(hasValidCheckDigit(vin)).toBe(true);
      expect(decodeModelYear(vin)).toBe(year);
    }
  });

  it("gives whole-cent prices, mileage that grows with age and mostly available status", () => {
    const random = createRandom(11);
    const vehicles = Array.from({ length: 600 }, () => makeDemoVehicle(random));
    const byAge = (min: number, max: number) => {
      const group = vehicles.filter((v) => v.year >= min && v.year <= max);
      return group.reduce((sum, v) => sum + v.mileage, 0) / Math.max(1, group.length);
    };
    for (const v of vehicles) {
      expect(Number.isInteger(v.priceCents)).toBe(true);
      expect(v.priceCents % 100).toBe(0);
      expect(v.priceCents).toBeGreaterThan(0);
      expect(v.mileage).toBeGreaterThan(0);
      expect(["available", "sold", "pending"]).toContain(v.status);
    }
    expect(byAge(2012, 2016)).toBeGreaterThan(byAge(2021, 2025));
    const available = vehicles.filter((v) => v.status === "available").length / vehicles.length;
    expect(available).toBeGreaterThan(0.7);
    expect(available).toBeLessThan(0.9);
  });

  it("uses the given location", () => {
    const v = makeDemoVehicle(createRandom(9), { city: "Boise", state: "ID" });
    expect(v.city).toBe("Boise");
    expect(v.state).toBe("ID");
  });
});

describe("makeDemoPost", () => {
  const dealer = { city: "Dallas", state: "TX" };

  it("returns the right shape for every kind", () => {
    const random = createRandom(42);
    for (const kind of KINDS) {
      for (let i = 0; i < 200; i++) {
        const post = makeDemoPost(random, dealer, kind);
        expect(post.type).toBe(kind);
        expect(post.title.length).toBeGreaterThan(5);
        expect(post.description.length).toBeGreaterThan(10);
        expect(["active", "sold", "expired"]).toContain(post.status);
        if (post.auctionFacilitator !== null) {
          expect(AUCTION_FACILITATORS as readonly string[]).toContain(post.auctionFacilitator);
        }
        const n = post.vehicles.length;
        if (kind === "single") expect(n).toBe(1);
        if (kind === "multiple") expect(n >= 2 && n <= 6).toBe(true);
        if (kind === "spreadsheet") {
          expect(n).toBe(0);
          expect(post.spreadsheetUrl).toMatch(/^https:\/\/docs\.google\.com\/spreadsheets\/d\/[\w-]+/);
        } else {
          expect(post.spreadsheetUrl).toBeNull();
        }
        if (kind === "for-sale") expect(n <= 1).toBe(true);
        if (kind === "request") {
          expect(n <= 2).toBe(true);
          expect(post.auctionFacilitator).toBeNull();
          for (const v of post.vehicles) {
            expect(v.vin).toBeNull();
            expect(v.mileage).toBeNull();
            expect(v.priceCents).toBeNull();
            expect(v.status).toBe("available");
            expect(v.year).toBeGreaterThan(2000);
          }
          if (n > 0) expect(post.title.startsWith("Looking for")).toBe(true);
        } else {
          for (const v of post.vehicles) {
            expect(v.vin && hasValidCheckDigit(v.vin)).toBe(true);
            expect(decodeModelYear(v.vin as string)).toBe(v.year);
            expect(v.city).toBe("Dallas");
            expect(v.state).toBe("TX");
            if (post.status === "sold") expect(v.status).toBe("sold");
          }
        }
      }
    }
  });

  it("gives about a fifth of posts an auction facilitator and mostly active status", () => {
    const random = createRandom(8);
    const posts = Array.from({ length: 1000 }, (_, i) =>
      makeDemoPost(random, dealer, KINDS[i % KINDS.length] as DemoPostKind),
    );
    const withAuction = posts.filter((p) => p.auctionFacilitator).length / posts.length;
    expect(withAuction).toBeGreaterThan(0.12);
    expect(withAuction).toBeLessThan(0.3);
    expect(posts.some((p) => /live auction/i.test(p.title))).toBe(true);
    expect(posts.filter((p) => p.status === "active").length / posts.length).toBeGreaterThan(0.7);
  });

  it("is deterministic for a seed", () => {
    const a = makeDemoPost(createRandom(99), dealer, "multiple");
    const b = makeDemoPost(createRandom(99), dealer, "multiple");
    expect(a).toEqual(b);
  });
});

describe("makeDemoComment", () => {
  it("has at least 30 distinct comments", () => {
    expect(new Set(DEMO_COMMENTS).size).toBeGreaterThanOrEqual(30);
    const random = createRandom(4);
    for (let i = 0; i < 50; i++)
      expect(DEMO_COMMENTS as readonly string[]).toContain(makeDemoComment(random));
  });
});

describe("makeDemoDealer", () => {
  it("makes complete, believable profiles with unique .example e-mails", () => {
    expect(DEMO_FIRST_NAMES.length).toBeGreaterThanOrEqual(40);
    expect(DEMO_LAST_NAMES.length).toBeGreaterThanOrEqual(40);
    const random = createRandom(2026);
    const dealers = Array.from({ length: 300 }, (_, i) => makeDemoDealer(random, i));
    expect(new Set(dealers.map((d) => d.email)).size).toBe(dealers.length);
    expect(new Set(dealers.map((d) => d.dealershipType))).toEqual(new Set(DEALERSHIP_TYPES));
    expect(new Set(dealers.map((d) => d.profileType))).toEqual(new Set(["seller", "buyer"]));
    for (const d of dealers) {
      expect(d.email).toMatch(/^[a-z]+\.[a-z]+\d+@[a-z0-9-]+\.example$/);
      expect(d.name).toBe(`${d.firstName} ${d.lastName}`);
      expect(d.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(d.rating).toBeGreaterThanOrEqual(3.6);
      expect(d.rating).toBeLessThanOrEqual(5);
      expect(Math.round(d.rating * 10) / 10).toBe(d.rating);
      expect(STATE_CODES as readonly string[]).toContain(d.state);
      expect(d.dealershipName.length).toBeGreaterThan(3);
      expect(d.zipCode.length).toBeGreaterThan(3);
    }
  });

  it("honours overrides and marks Canadian dealers", () => {
    const toronto = DEMO_LOCATIONS.find((l) => l.city === "Toronto");
    const dealer = makeDemoDealer(createRandom(1), 7, {
      firstName: "Jordan",
      lastName: "Reyes",
      dealershipName: "Reyes Auto Group",
      location: toronto,
    });
    expect(dealer.name).toBe("Jordan Reyes");
    expect(dealer.email).toBe("jordan.reyes7@reyes-auto-group.example");
    expect(dealer.country).toBe("CA");
    expect(dealer.state).toBe("ON");
    expect(dealer.buysCanadianVehicles).toBe(true);
  });
});
