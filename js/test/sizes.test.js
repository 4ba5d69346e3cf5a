// Each module of the view keeps to one job and stays readable: no module over 500 lines and
// no function or method over 60, counted from the parsed source (js/test is not counted).
// No line of the view or its tests is wider than the formatter's 120 columns: Biome breaks
// the code, but not the words of a comment or a string.

import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAst } from "rollup/parseAst";
import { describe, expect, it } from "vitest";

const SOURCES = join(dirname(fileURLToPath(import.meta.url)), "..");
const MAX_MODULE_LINES = 500;
const MAX_FUNCTION_LINES = 60;
const MAX_LINE_CHARS = 120; // lineWidth in biome.jsonc
const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** Every function of `ast` as { name, lines }, a method named by its key. */
function functionsOf(ast, lineAt) {
  const found = [];
  const visit = (node, name) => {
    if (!node || typeof node.type !== "string") return;
    if (FUNCTIONS.has(node.type)) {
      found.push({
        name: name || node.id?.name || "(anonymous)",
        lines: lineAt(node.end) - lineAt(node.start) + 1,
      });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "type" || key === "start" || key === "end") continue;
      const childName = node.type === "MethodDefinition" || node.type === "Property" ? node.key?.name : null;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === "object") visit(child, childName);
      }
    }
  };
  visit(ast, null);
  return found;
}

describe("sizes of the view's modules", () => {
  const files = readdirSync(SOURCES).filter((name) => name.endsWith(".js"));
  for (const file of files) {
    it(`${file}: at most ${MAX_MODULE_LINES} lines, no function over ${MAX_FUNCTION_LINES}`, () => {
      const source = readFileSync(join(SOURCES, file), "utf8");
      const starts = [0];
      for (let i = 0; i < source.length; i += 1) if (source[i] === "\n") starts.push(i + 1);
      const lineAt = (offset) => {
        let low = 0;
        let high = starts.length - 1;
        while (low < high) {
          const middle = Math.ceil((low + high) / 2);
          if (starts[middle] <= offset) low = middle;
          else high = middle - 1;
        }
        return low + 1;
      };
      expect(source.split("\n").length).toBeLessThanOrEqual(MAX_MODULE_LINES);
      const long = functionsOf(parseAst(source), lineAt).filter((f) => f.lines > MAX_FUNCTION_LINES);
      expect(long).toEqual([]);
    });
  }
});

describe("line width of the view and its tests", () => {
  const files = ["", "test"].flatMap((folder) =>
    readdirSync(join(SOURCES, folder))
      .filter((name) => name.endsWith(".js"))
      .map((name) => join(folder, name)),
  );
  for (const file of files) {
    it(`${file}: no line over ${MAX_LINE_CHARS} characters`, () => {
      const lines = readFileSync(join(SOURCES, file), "utf8").split("\n");
      const wide = lines.flatMap((line, index) => (line.length > MAX_LINE_CHARS ? [index + 1] : []));
      expect(wide).toEqual([]);
    });
  }
});
