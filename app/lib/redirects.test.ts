import { describe, expect, it } from "vitest";
import { safeRedirect } from "#lib/redirects";

describe("safeRedirect", () => {
  it.each([
    "/",
    "/messages",
    "/messages?chat=abc",
    "/settings#your-data",
    "/dealers?q=ford%20f150&state=TX",
    "/post/0190c2a4-9b1e-7c3d-8e2f-1a2b3c4d5e6f",
    "/find-dealers?next=/dealers",
  ])("keeps the path on this site %j", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    // Other sites, spelled the usual ways.
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "https://evil.example",
    "https:evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    "%2F%2Fevil.example",
    "/%2F/evil.example",
    "/%2fevil.example",
    "/%5Cevil.example",
    // Tabs and line breaks, raw and encoded, that browsers drop from an address (or a header cannot carry).
    "/\t/evil.example",
    "/%09/evil.example",
    "\t//evil.example",
    "/\n/x",
    "/\r\n/x",
    "/%0A/x",
    "/%0D%0A/x",
    "/x\r\nSet-Cookie: a=b",
    "/x?y=\n",
    // Other white space and control characters anywhere.
    " /x",
    "/x y",
    "/x\u00a0y",
    "/x\u2028y",
    "/x\u0000",
    "/x\u007f",
    "/x%00",
    "/\u200b/evil.example",
    // Not text, empty, or not decodable.
    "",
    "/%E0%A4%A",
    "/caf\u00e9",
  ])("answers the fallback for %j", (target) => {
    expect(safeRedirect(target)).toBe("/");
    expect(safeRedirect(target, "/onboarding")).toBe("/onboarding");
  });

  it.each([null, undefined, 42, {}, ["/messages"]])("answers the fallback for %j", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });
});
