import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { contactReceiptSchema } from "#lib/api-types";
import { call, freshIp } from "./helpers";

const VALID = {
  fullName: "Maria Alvarez",
  email: "Maria@Alvarez-Auto.example",
  dealershipName: "Alvarez Auto Group",
  dealershipType: "franchise",
  message: "We would like a demo for our three rooftops.",
};

async function storedCount() {
  const row = await env.DB.prepare("select count(*) as n from contact_messages").first<{ n: number }>();
  return row?.n ?? 0;
}

const send = (body: unknown, ip = freshIp()) =>
  call("POST", "/api/contact", { body, headers: { "CF-Connecting-IP": ip } });

describe("POST /api/contact", () => {
  beforeEach(async () => {
    await env.DB.prepare("delete from contact_messages").run();
  });

  it("stores a valid message and answers 201", async () => {
    const res = await send(VALID);
    expect(res.status).toBe(201);
    const receipt = contactReceiptSchema.parse(res.json);
    const row = await env.DB.prepare("select * from contact_messages").first<Record<string, unknown>>();
    expect(row?.id).toBe(receipt.id);
    expect(row).toMatchObject({
      full_name: "Maria Alvarez",
      email: "maria@alvarez-auto.example",
      dealership_name: "Alvarez Auto Group",
      dealership_type: "franchise",
      message: VALID.message,
    });
    expect(typeof row?.created_at).toBe("number");
  });

  it("accepts a message without the optional dealership fields", async () => {
    const res = await send({
      fullName: "Sam Lee",
      email: "sam@example.com",
      message: "Hello",
      dealershipName: "",
      dealershipType: "",
    });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("select dealership_name, dealership_type from contact_messages").first();
    expect(row).toEqual({ dealership_name: null, dealership_type: null });
  });

  it.each([
    [
      "an invalid e-mail",
      { ...VALID, email: "not-an-email" },
      "email",
      "Please enter a valid e-mail address",
    ],
    ["a missing name", { ...VALID, fullName: "  " }, "fullName", "Please enter your full name"],
    ["a missing message", { ...VALID, message: undefined }, "message", "Please enter a message"],
    [
      "an unknown dealership type",
      { ...VALID, dealershipType: "dealer" },
      "dealershipType",
      "Please choose a dealership type from the list",
    ],
  ])("refuses %s with 400 and its issue", async (_label, body, path, message) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.json.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    expect(await storedCount()).toBe(0);
  });

  it("lists every problem of an empty form", async () => {
    const res = await send({});
    expect(res.status).toBe(400);
    const paths = (res.json.issues as unknown as Array<{ path: string }>).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["fullName", "email", "message"]));
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const res = await send({ ...VALID, website: "https://spam.example" });
    expect(res.status).toBe(201);
    expect(contactReceiptSchema.parse(res.json).id).toBeTruthy();
    expect(await storedCount()).toBe(0);
  });

  it("refuses a cross-site post", async () => {
    const res = await call("POST", "/api/contact", {
      body: VALID,
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await storedCount()).toBe(0);
  });

  it("allows five messages an hour from one address, then answers 429 with Retry-After", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 5; i += 1) {
      const res = await send({ ...VALID, message: `Message ${i}` }, ip);
      expect(res.status).toBe(201);
    }
    const refused = await send(VALID, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.json.message).toMatch(/Too many attempts/);
    expect(await storedCount()).toBe(5);
    // Another address is not affected.
    expect((await send(VALID)).status).toBe(201);
  });
});
