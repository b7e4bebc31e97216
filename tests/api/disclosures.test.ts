import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { FeedPost, PostDetail } from "#lib/api-types";
import { ORIGIN, call, signUpDealer } from "./helpers";

const truck = {
  year: 2019,
  make: "Ford",
  model: "F-150",
  mileage: 41000,
  price: 27900,
  state: "TX",
};

const post = (cookie: string, vehicle: Record<string, unknown>) =>
  call("POST", "/api/inventory", {
    cookie,
    body: { title: "2019 F-150", description: "", type: "single", vehicles: [vehicle], photoUrls: [] },
  });

describe("disclosures on a vehicle", () => {
  it("are stored with a new vehicle, unanswered questions read unknown, and every vehicle answer carries them", async () => {
    const seller = await signUpDealer();
    const viewer = await signUpDealer();
    const created = await post(seller.cookie, {
      ...truck,
      disclosures: {
        frameDamage: "no",
        priorPaintOrBody: "yes",
        keys: "2",
        notes: " Rear bumper repainted ",
      },
    });
    expect(created.status, created.text).toBe(201);
    const detail = created.json as unknown as PostDetail;
    expect(detail.vehicles[0]!.disclosures).toEqual({
      frameDamage: "no",
      floodOrFire: "unknown",
      titleBrand: "unknown",
      odometerNotActual: "unknown",
      airbags: "unknown",
      engineOrTransmission: "unknown",
      warningLights: "unknown",
      priorPaintOrBody: "yes",
      keys: 2,
      notes: "Rear bumper repainted",
    });

    const read = await call("GET", `/api/inventory/${detail.id}`, { cookie: viewer.cookie });
    expect((read.json as unknown as PostDetail).vehicles[0]!.disclosures).toEqual(
      detail.vehicles[0]!.disclosures,
    );
    // The feed's card shows them at a glance from its lead vehicle.
    const feed = (await call("GET", "/api/inventory?limit=50", { cookie: viewer.cookie }))
      .json as unknown as FeedPost[];
    expect(feed.find((p) => p.id === detail.id)?.leadVehicle?.disclosures?.priorPaintOrBody).toBe("yes");
  });

  it("are null until the seller answers them", async () => {
    const seller = await signUpDealer();
    const created = await post(seller.cookie, truck);
    expect(created.status).toBe(201);
    expect((created.json as unknown as PostDetail).vehicles[0]!.disclosures).toBeNull();
  });

  it.each([
    [{ frameDamage: "maybe" }, "Frame or structural damage: answer yes, no or unknown"],
    [{ keys: -1 }, "Keys cannot be negative"],
    [{ keys: 1.5 }, "Keys must be a whole number"],
    [{ keys: "two" }, "Keys must be a number"],
    [{ notes: "x".repeat(1001) }, "Disclosure notes are too long"],
    ["yes", undefined],
  ])("refuses %j with a 400 that says why", async (disclosures, message) => {
    const seller = await signUpDealer();
    const res = await post(seller.cookie, { ...truck, disclosures });
    expect(res.status, res.text).toBe(400);
    if (message) expect(res.text).toContain(message);
  });

  it("are edited by the post's dealer only", async () => {
    const seller = await signUpDealer();
    const other = await signUpDealer();
    const created = (await post(seller.cookie, { ...truck, disclosures: { frameDamage: "no" } }))
      .json as unknown as PostDetail;
    const vehicleId = created.vehicles[0]!.id;
    const edit = (cookie: string, disclosures: unknown) =>
      call("PATCH", `/api/inventory/${created.id}`, {
        cookie,
        body: { vehicles: [{ id: vehicleId, disclosures }] },
      });

    const refused = await edit(other.cookie, { frameDamage: "yes" });
    expect(refused.status).toBe(403);

    const bad = await edit(seller.cookie, { warningLights: "sometimes" });
    expect(bad.status).toBe(400);

    const edited = await edit(seller.cookie, { frameDamage: "yes", warningLights: "no", keys: 1 });
    expect(edited.status, edited.text).toBe(200);
    const vehicle = (edited.json as unknown as PostDetail).vehicles[0]!;
    expect(vehicle.disclosures).toMatchObject({ frameDamage: "yes", warningLights: "no", keys: 1 });
    // An edit that leaves them out keeps them.
    const priced = await call("PATCH", `/api/inventory/${created.id}`, {
      cookie: seller.cookie,
      body: { vehicles: [{ id: vehicleId, price: 26900 }] },
    });
    expect((priced.json as unknown as PostDetail).vehicles[0]!.disclosures?.frameDamage).toBe("yes");
    const stored = await env.DB.prepare("select disclosures from vehicles where id = ?")
      .bind(vehicleId)
      .first();
    expect(JSON.parse(String(stored?.disclosures)).frameDamage).toBe("yes");
  });

  it("are edited from the post page's Edit form; a vehicle whose fields are not posted keeps them unanswered", async () => {
    const seller = await signUpDealer();
    const created = (
      await call("POST", "/api/inventory", {
        cookie: seller.cookie,
        body: {
          title: "Two trucks",
          description: "",
          type: "multiple",
          vehicles: [truck, truck],
          photoUrls: [],
        },
      })
    ).json as unknown as PostDetail;
    const [first, second] = created.vehicles;
    const page = await SELF.fetch(`${ORIGIN}/post/${created.id}`, {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        Cookie: seller.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "edit",
        title: "Two trucks",
        "vehicles[0].id": first!.id,
        "vehicles[0].disclosures.frameDamage": "no",
        "vehicles[0].disclosures.warningLights": "yes",
        "vehicles[0].disclosures.keys": "2",
        "vehicles[0].disclosures.notes": "Check engine light on",
        "vehicles[1].id": second!.id,
      }).toString(),
      redirect: "manual",
    });
    expect(page.status, await page.text()).toBe(302);
    const read = (await call("GET", `/api/inventory/${created.id}`, { cookie: seller.cookie }))
      .json as unknown as PostDetail;
    expect(read.vehicles[0]!.disclosures).toMatchObject({
      frameDamage: "no",
      warningLights: "yes",
      floodOrFire: "unknown",
      keys: 2,
      notes: "Check engine light on",
    });
    expect(read.vehicles[1]!.disclosures).toBeNull();
  });
});
