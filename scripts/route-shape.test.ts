/**
 * One shape per layer (docs/contributing/adding-a-screen.md): a route module's `loader` and `action` only hand
 * over to a function of a `.server.ts` module — `return loadThing(args);` — and the bodies (the session, the API
 * calls, the mapping to what the page renders) live there. A body written in the route module fails here.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const ROUTES = join(ROOT, "app", "routes");
/** A delegating body is one `return` of one call; written over this many lines it is doing more than that. */
const MAX_LINES = 3;

function routeModules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name.startsWith("+") ? [] : routeModules(path);
    return /\.tsx?$/.test(name) && !/\.server\.ts$|\.test\.tsx?$|\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The names a module imports as values from a `.server` module. */
function serverImports(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const s of file.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier) || !/\.server(\.ts)?$/.test(s.moduleSpecifier.text)) continue;
    const clause = s.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) names.add(clause.name.text);
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
      for (const el of clause.namedBindings.elements) if (!el.isTypeOnly) names.add(el.name.text);
    }
  }
  return names;
}

/** Why a loader's or action's body is more than a hand-over to a `.server` function, or null when it is not. */
export function bodyProblem(body: ts.ConciseBody, file: ts.SourceFile, fromServer: Set<string>): string | null {
  let returned: ts.Expression | undefined;
  if (ts.isBlock(body)) {
    const [only, ...more] = body.statements;
    if (!only || more.length > 0 || !ts.isReturnStatement(only) || !only.expression) return "its body is more than one `return`";
    returned = only.expression;
  } else returned = body;
  const lines = file.getLineAndCharacterOfPosition(body.getEnd()).line - file.getLineAndCharacterOfPosition(body.getStart(file)).line + 1;
  if (lines > MAX_LINES) return `its body spans ${lines} lines`;
  if (ts.isAwaitExpression(returned)) returned = returned.expression;
  if (!ts.isCallExpression(returned) || !ts.isIdentifier(returned.expression)) return "it does not return a call";
  if (!fromServer.has(returned.expression.text)) return `\`${returned.expression.text}\` is not imported from a .server module`;
  return null;
}

/** Each `loader` or `action` a route module defines whose body is not a hand-over, with why. */
export function shapeProblems(source: string, name = "route.tsx"): string[] {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true, name.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const fromServer = serverImports(file);
  const problems: string[] = [];
  const check = (kind: string, body: ts.ConciseBody | undefined) => {
    if (!body) return;
    const why = bodyProblem(body, file, fromServer);
    if (why) problems.push(`${kind}: ${why}`);
  };
  const exported = (s: ts.Statement) => ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const s of file.statements) {
    if (!exported(s)) continue;
    if (ts.isFunctionDeclaration(s) && s.name && (s.name.text === "loader" || s.name.text === "action")) check(s.name.text, s.body);
    if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || (d.name.text !== "loader" && d.name.text !== "action")) continue;
        const init = d.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) check(d.name.text, init.body);
        else problems.push(`${d.name.text}: not a function the test can read`);
      }
    }
  }
  return problems;
}

describe("route modules hand their loader and action to a .server.ts", () => {
  it("accepts a hand-over and rejects a body", () => {
    const head = 'import type { Route } from "./+types/x";\nimport { loadX, xAction } from "./x.server";\nimport { data } from "react-router";\n';
    expect(
      shapeProblems(
        head +
          "export function loader(args: Route.LoaderArgs) {\n  return loadX(args);\n}\nexport async function action(args: Route.ActionArgs) {\n  return await xAction(args);\n}\n",
      ),
    ).toEqual([]);
    expect(shapeProblems(head + "export const loader = (args: Route.LoaderArgs) => loadX(args);\n")).toEqual([]);
    expect(shapeProblems(head + "export function loader() {\n  const a = 1;\n  return loadX(a);\n}\n")).toEqual([
      "loader: its body is more than one `return`",
    ]);
    expect(shapeProblems(head + "export function loader() {\n  return data(null, { status: 404 });\n}\n")).toEqual([
      "loader: `data` is not imported from a .server module",
    ]);
    expect(shapeProblems(head + "export function action() {\n  return { a: 1 };\n}\n")).toEqual(["action: it does not return a call"]);
    expect(shapeProblems(head + "export function action(args: Route.ActionArgs) {\n  return xAction(\n    args,\n    1,\n    2,\n  );\n}\n")).toEqual(
      ["action: its body spans 7 lines"],
    );
    // A type-only import is no hand-over: nothing of it runs.
    expect(shapeProblems('import { type loadX } from "./x.server";\nexport function loader() {\n  return loadX();\n}\n')).toEqual([
      "loader: `loadX` is not imported from a .server module",
    ]);
  });

  it("holds for every route module under app/routes/", () => {
    const found: string[] = [];
    for (const path of routeModules(ROUTES)) {
      const name = relative(ROUTES, path).split("\\").join("/");
      const problems = shapeProblems(readFileSync(path, "utf8"), path);
      for (const p of problems) found.push(`app/routes/${name}: ${p}`);
    }
    expect(found, "move the body to a .server.ts beside the route (docs/contributing/adding-a-screen.md)").toEqual([]);
  });
});
