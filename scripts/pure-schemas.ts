/**
 * Schema modules in app/lib define zod schemas beside the constants and helpers the screens import. Rollup cannot
 * tell that `z.object(…)` only builds a value, so a screen importing a module for one constant kept every schema
 * in it, and zod with them, on the first load. In the client build, every call in a top-level `const` of a module
 * that imports zod is marked pure (`/* @__PURE__ *\/`): a schema nothing uses is dropped with what it calls. A
 * statement that is not a `const` (registering a schema, configuring zod) is left as written and kept.
 */

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const PURE = "/* @__PURE__ */ ";

/** Modules whose top-level calls build schemas. */
export const importsZod = (program: Node) =>
  (program.body as Node[]).some(
    (statement) =>
      statement.type === "ImportDeclaration" &&
      /^zod(\/|$)/.test((statement.source as { value: string }).value) &&
      // `import type` is gone by now; an import of nothing but types would name no value.
      (statement.specifiers as Node[]).length > 0,
  );

/** Nodes whose inside does not run while the module loads. */
const DEFERRED = new Set(["ArrowFunctionExpression", "FunctionExpression", "ClassExpression"]);

/** Start offsets of every call and `new` that runs while `node` is evaluated. */
function callsIn(node: unknown, into: Set<number>) {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) callsIn(item, into);
    return;
  }
  const n = node as Node;
  if (typeof n.type !== "string" || DEFERRED.has(n.type)) return;
  if (n.type === "CallExpression" || n.type === "NewExpression") into.add(n.start);
  for (const [key, value] of Object.entries(n)) {
    if (key !== "start" && key !== "end" && key !== "type") callsIn(value, into);
  }
}

/** The top-level `const` declarations of a module, exported or not. */
function topLevelConsts(program: Node): Node[] {
  return (program.body as Node[])
    .map((statement) =>
      statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : statement,
    )
    .filter(
      (statement): statement is Node =>
        statement?.type === "VariableDeclaration" && statement.kind === "const",
    );
}

/** `code` with its top-level constants' calls marked pure, or null when it does not import zod. */
export function markSchemasPure(code: string, program: Node): string | null {
  if (!importsZod(program)) return null;
  const starts = new Set<number>();
  for (const declaration of topLevelConsts(program)) {
    for (const declarator of declaration.declarations as Node[]) callsIn(declarator.init, starts);
  }
  if (starts.size === 0) return null;
  let out = code;
  // From the end, so earlier offsets stay true; one mark per offset covers a chain starting there.
  for (const start of [...starts].sort((a, b) => b - a)) out = out.slice(0, start) + PURE + out.slice(start);
  return out;
}
