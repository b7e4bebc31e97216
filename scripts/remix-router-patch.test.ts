import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * @remix-run/router as patches/@remix-run+router+1.23.3.patch leaves it keeps what it matched: it must answer
 * from memory exactly what it answers for a route list it has never seen, for every route of the app.
 */
const require = createRequire(import.meta.url);
type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: Route;
};
type Router = { matchRoutes: (routes: Route[], location: string) => Match[] | null };
// The CommonJS build, the one the worker bundle takes.
const kept: Router = require("@remix-run/router");
/** The package's answer worked out afresh: a copy of the route list is a list it has kept nothing for. */
const original: Router = { matchRoutes: (routes, url) => kept.matchRoutes(structuredClone(routes), url) };

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
// The server build exists only once `npm run build` has run (the typecheck runs before it): loaded by path.
const serverBuild = new URL("../build/server/index.js", import.meta.url).href;
const { routes: builtRoutes } = (await import(serverBuild)) as { routes: Record<string, BuildRoute> };
const buildRoutes = Object.values(builtRoutes);

/** The app's route tree, as Remix builds it from the server build. */
function tree(parentId?: string): Route[] {
  return buildRoutes
    .filter((route) => route.parentId === parentId)
    .map(({ id, path, index, caseSensitive }) => {
      const children = tree(id);
      return { id, path, index, caseSensitive, ...(children.length ? { children } : {}) };
    });
}

/** A URL for every route path (parameters filled in), and some no route has. */
function urls(): string[] {
  const paths = new Set<string>([
    "/",
    "/nowhere",
    "/post",
    "/admin/nowhere/deeper",
    "/%E2%9C%93",
    "/Messages",
  ]);
  const walk = (routes: Route[], prefix: string) => {
    for (const route of routes) {
      const path = [prefix, route.path ?? ""].filter(Boolean).join("/");
      paths.add(`/${path.replace(/:(\w+)\??/g, "$1-42").replace(/\*$/, "a/b")}`);
      if (route.children) walk(route.children, path);
    }
  };
  walk(tree(), "");
  return [...paths];
}

describe("Remix's router as patched", () => {
  const routes = tree();

  it("matches every URL as it does afresh, first and from memory", () => {
    const all = urls();
    expect(all.length).toBeGreaterThan(40);
    for (const url of all) {
      const expected = original.matchRoutes(routes, url);
      expect(kept.matchRoutes(routes, url), url).toEqual(expected);
      expect(kept.matchRoutes(routes, url), `${url} (again)`).toEqual(expected);
    }
  });

  it("hands out copies: a caller changing its params changes no one else's", () => {
    const url = "/post/abc";
    const first = kept.matchRoutes(routes, url)!;
    const leaf = first[first.length - 1]!;
    expect(leaf.params).toMatchObject({ id: "abc" });
    leaf.params.id = "changed";
    const again = kept.matchRoutes(routes, url)!;
    expect(again[again.length - 1]!.params).toMatchObject({ id: "abc" });
    // Within one answer every match shares the params, as in the package.
    expect(new Set(again.map((match) => match.params)).size).toBe(1);
  });

  it("stays right past the number of URLs it keeps", () => {
    for (let i = 0; i < 2500; i++) {
      const url = `/post/${i}`;
      expect(kept.matchRoutes(routes, url)).toEqual(original.matchRoutes(routes, url));
    }
  });
});
