import { describe, expect, it } from "vitest";
import { userSettingsSchema } from "#lib/api-types";
import { call, signUpDealer } from "./helpers";

describe("/api/settings", () => {
  it("answers the defaults before the first save", async () => {
    const a = await signUpDealer();
    const res = await call("GET", "/api/settings", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      itemsPerPage: 20,
      inventoryView: "grid",
      emailNotifications: true,
      pushNotifications: true,
      messageNotifications: true,
      showEmail: true,
      showPhone: true,
      showOnlineStatus: true,
    });
  });

  it("stores changes per account and keeps what was not sent", async () => {
    const a = await signUpDealer();
    const b = await signUpDealer();
    const saved = await call("PATCH", "/api/settings", {
      cookie: a.cookie,
      body: { itemsPerPage: 50, inventoryView: "compact", showPhone: false },
    });
    expect(saved.status).toBe(200);
    expect(userSettingsSchema.parse(saved.json)).toMatchObject({
      itemsPerPage: 50,
      inventoryView: "compact",
      showPhone: false,
      showEmail: true,
    });
    await call("PATCH", "/api/settings", { cookie: a.cookie, body: { pushNotifications: false } });
    const after = await call("GET", "/api/settings", { cookie: a.cookie });
    expect(after.json).toMatchObject({
      itemsPerPage: 50,
      inventoryView: "compact",
      showPhone: false,
      pushNotifications: false,
      showEmail: true,
    });
    expect((await call("GET", "/api/settings", { cookie: b.cookie })).json.itemsPerPage).toBe(20);
  });

  it.each([
    [{ itemsPerPage: 25 }],
    [{ itemsPerPage: "lots" }],
    [{ inventoryView: "table" }],
    [{ showEmail: "perhaps" }],
    [{ theme: "dark" }],
  ])("refuses %j with 400", async (body) => {
    const a = await signUpDealer();
    const res = await call("PATCH", "/api/settings", { cookie: a.cookie, body });
    expect(res.status).toBe(400);
  });

  it("needs a session", async () => {
    expect((await call("GET", "/api/settings")).status).toBe(401);
    expect((await call("PATCH", "/api/settings", { body: { itemsPerPage: 10 } })).status).toBe(401);
  });
});
