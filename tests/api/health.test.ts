import { describe, expect, it } from "vitest";
import { call } from "./helpers";

describe("GET /api/health", () => {
  it("answers 200 with the database, storage and realtime checks, never cached", async () => {
    const res = await call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    const body = res.json as unknown as {
      status: string;
      checkedAt: string;
      services: Record<"database" | "storage" | "realtime", { status: string; latencyMs: number }>;
    };
    expect(body.status).toMatch(/^(operational|degraded)$/);
    expect(Number.isNaN(Date.parse(body.checkedAt))).toBe(false);
    for (const name of ["database", "storage", "realtime"] as const) {
      expect(body.services[name].status, name).toMatch(/^(operational|degraded)$/);
      expect(body.services[name].latencyMs, name).toBeGreaterThanOrEqual(0);
    }
  });

  it("is not confused with the Remix pages", async () => {
    const res = await call("GET", "/api/health/anything");
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/No API endpoint/);
  });
});
