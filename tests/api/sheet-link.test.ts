import { describe, expect, it } from "vitest";
import { DomainError } from "../../worker/domain/shared/errors";
import { checkPublicAddress, fetchSheet, isNonPublicAddress } from "../../worker/integrations/sheet-link";

/** A local fake sheet server: answers by path, records what was asked. */
function fakeServer(routes: Record<string, () => Response | Promise<Response>>) {
  const asked: string[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    asked.push(input);
    const route = routes[new URL(input).pathname];
    if (!route) return new Response("missing", { status: 404 });
    if (init?.signal?.aborted) throw new Error("aborted");
    return route();
  };
  return { fetch, asked };
}

const publicDns = async () => ["93.184.215.14"];

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("not refused");
}

describe("the sheet link adapter", () => {
  it.each([
    "127.0.0.1",
    "10.2.3.4",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "[::1]",
    "fe80::1",
    "fd00::2",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
  ])("knows %s is not public", (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "203.0.114.1", "2606:4700::1111"])("knows %s is public", (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });

  it("refuses http, names like localhost, odd ports and names that resolve inside a network", async () => {
    for (const url of [
      "http://sheets.example.com/a.csv",
      "https://localhost/a",
      "https://db/a",
      "https://x.internal/a",
    ]) {
      expect((await refusal(checkPublicAddress(new URL(url), publicDns))).status, url).toBe(400);
    }
    expect(
      (await refusal(checkPublicAddress(new URL("https://sheets.example.com:8443/a"), publicDns))).status,
    ).toBe(400);
    const inside = await refusal(
      checkPublicAddress(new URL("https://sheets.example.com/a"), async () => ["10.0.0.5"]),
    );
    expect(inside.message).toBe("That address is not a public web address");
    await expect(
      checkPublicAddress(new URL("https://sheets.example.com/a"), publicDns),
    ).resolves.toBeUndefined();
  });

  it("reads a published CSV and follows a redirect it has checked", async () => {
    const server = fakeServer({
      "/pub": () => new Response(null, { status: 307, headers: { Location: "/pub.csv" } }),
      "/pub.csv": () => new Response("VIN,Make,Model\n", { headers: { "Content-Type": "text/csv" } }),
    });
    const sheet = await fetchSheet("https://sheets.example.com/pub", {
      fetch: server.fetch,
      resolve: publicDns,
    });
    expect(new TextDecoder().decode(sheet.bytes)).toBe("VIN,Make,Model\n");
    expect(server.asked).toEqual(["https://sheets.example.com/pub", "https://sheets.example.com/pub.csv"]);
  });

  it("refuses a redirect to a private address without following it", async () => {
    const server = fakeServer({
      "/pub": () => new Response(null, { status: 302, headers: { Location: "https://192.168.0.10/admin" } }),
    });
    const refused = await refusal(
      fetchSheet("https://sheets.example.com/pub", { fetch: server.fetch, resolve: publicDns }),
    );
    expect(refused).toEqual({ status: 400, message: "That address is not a public web address" });
    expect(server.asked).toHaveLength(1);
  });

  it("refuses a sheet over the size cap, declared or streamed", async () => {
    const big = new Uint8Array(2048).fill(65);
    const declared = fakeServer({
      "/a.csv": () => new Response(big, { headers: { "Content-Length": "2048" } }),
    });
    expect(
      (await refusal(fetchSheet("https://s.example.com/a.csv", { fetch: declared.fetch, maxBytes: 1024 })))
        .status,
    ).toBe(413);
    const streamed = fakeServer({
      "/a.csv": () =>
        new Response(
          new ReadableStream({
            start(controller) {
              for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(512).fill(66));
              controller.close();
            },
          }),
        ),
    });
    expect(
      (await refusal(fetchSheet("https://s.example.com/a.csv", { fetch: streamed.fetch, maxBytes: 1024 })))
        .status,
    ).toBe(413);
  });

  it("gives up on a sheet that does not answer in time, and says a 404 plainly", async () => {
    const slow = async (_: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    const late = await refusal(fetchSheet("https://s.example.com/a.csv", { fetch: slow, timeoutMs: 50 }));
    expect(late).toEqual({ status: 400, message: "The sheet's address did not answer in time" });
    const missing = await refusal(
      fetchSheet("https://s.example.com/none.csv", { fetch: fakeServer({}).fetch }),
    );
    expect(missing.message).toMatch(/^The sheet's address answered 404/);
  });
});
