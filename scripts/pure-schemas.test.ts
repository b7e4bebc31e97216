import { build } from "esbuild";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { markSchemasPure } from "./pure-schemas";

const mark = (code: string) => markSchemasPure(code, parseAst(code) as never);

/** What a bundler keeps of the module `code` when a screen imports only `name` of it. */
async function kept(code: string, name = "X") {
  const result = await build({
    stdin: { contents: `import { ${name} } from "schemas";\nconsole.log(${name});`, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    external: ["zod"],
    plugins: [
      {
        name: "schemas",
        setup(bundler) {
          bundler.onResolve({ filter: /^schemas$/ }, () => ({ path: "schemas", namespace: "schemas" }));
          bundler.onLoad({ filter: /.*/, namespace: "schemas" }, () => ({ contents: code, loader: "js" }));
        },
      },
    ],
  });
  return result.outputFiles[0].text;
}

const SCHEMA_MODULE = `
import { z } from "zod";
const name = z.string().trim().min(2, "Name is too short");
export const dealerSchema = z.object({ name, state: z.enum(["TX", "OK"]) }).extend({ miles: z.number().int() });
export const X = 17;
`;

describe("markSchemasPure", () => {
  it("lets a bundler drop schemas nothing uses, keeping the constant a screen imports", async () => {
    expect(await kept(SCHEMA_MODULE)).toContain("dealerSchema");
    const marked = mark(SCHEMA_MODULE)!;
    const output = await kept(marked);
    expect(output).not.toMatch(/z\.|dealerSchema|Name is too short/);
    expect(output).toContain("17");
  });

  it("keeps a schema that is used, and a statement that is not a constant", async () => {
    const code = `${SCHEMA_MODULE}\nz.config({ jitless: true });\nexport const check = (v) => dealerSchema.parse(v);`;
    const output = await kept(mark(code)!, "check");
    expect(output).toContain("Name is too short");
    expect(output).toContain("z.config");
  });

  it("leaves functions' bodies, and modules without zod, as they are", () => {
    const marked = mark(`import { z } from "zod";\nexport const make = () => z.string();`);
    expect(marked).toBeNull();
    expect(mark(`export const tags = new Set(["a"]);`)).toBeNull();
  });
});
