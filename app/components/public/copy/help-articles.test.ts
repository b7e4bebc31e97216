import { describe, expect, it } from "vitest";
import { HELP_ARTICLES, filterHelpArticles } from "./help-articles";

const titles = (query: string) => filterHelpArticles(query).map((a) => a.title);

describe("the Help Center search", () => {
  it("finds the articles that explain a task their titles do not name", () => {
    expect(titles("password")).toEqual([
      "Creating your DealerLane account",
      "Updating your profile and settings",
    ]);
  });

  it("reads titles, summaries and bodies, case-insensitively", () => {
    expect(titles("PLANS AND PRICING")).toEqual(["Plans and pricing"]);
    expect(titles("no contracts")).toEqual(["Changing or cancelling your plan"]);
    expect(titles("Forgot Password")).toEqual(["Updating your profile and settings"]);
  });

  it("lists every article for an empty query and none for text no article has", () => {
    expect(filterHelpArticles("  ")).toHaveLength(HELP_ARTICLES.length);
    expect(titles("no such article")).toEqual([]);
  });
});
