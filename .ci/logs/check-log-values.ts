// Checks that no log call under src/server writes an error's text: `String(error)`, `error.message` and
// `error.stack` carry a failed query's SQL and parameters (a customer's name, a search, a key's hash) into the log,
// against the service's rule (src/server/log-safe-error.ts: `logSafeError(error)` keeps what may be kept). Every
// call of a logger's debug/info/warn/error is parsed with oxc-parser, its arguments searched. Then the planted
// violations in fixtures/ must each be rejected, so that a check that no longer matches fails too. Run by
// `npm run lint`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync } from "oxc-parser";

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = join(here, "..", "..");
const LEVELS = new Set(["debug", "info", "warn", "error"]);
/** What a logger is called where it is used: `logger`, `this.#logger`, `deps.logger`, `log`. */
const LOGGER_NAME = /^#?(logger|log)$/i;

type Node = { type: string; start: number; [key: string]: unknown };

interface Finding {
  file: string;
  line: number;
  what: string;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.(test|bench)\.tsx?$/.test(name) ? [path] : [];
  });
}

function nameOf(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === "Identifier" || node.type === "PrivateIdentifier") return node.name as string;
  if (node.type === "MemberExpression") return nameOf(node.property as Node);
  return undefined;
}

function isLogCall(node: Node): boolean {
  if (node.type !== "CallExpression") return false;
  const callee = node.callee as Node;
  if (callee.type !== "MemberExpression") return false;
  const method = nameOf(callee.property as Node);
  return method !== undefined && LEVELS.has(method) && LOGGER_NAME.test(nameOf(callee.object as Node) ?? "");
}

/** An error's text in a log call's argument: String(x), x.message, x.stack. */
function errorText(node: Node): string | undefined {
  if (node.type === "CallExpression" && (node.callee as Node).type === "Identifier") {
    if ((node.callee as Node).name === "String") return "String(…)";
  }
  if (node.type === "MemberExpression" && !node.computed) {
    const property = nameOf(node.property as Node);
    if (property === "message" || property === "stack") return `.${property}`;
  }
  return undefined;
}

function walk(node: unknown, visit: (node: Node) => void) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!node || typeof node !== "object" || typeof (node as Node).type !== "string") return;
  visit(node as Node);
  for (const [key, value] of Object.entries(node)) {
    if (key !== "type" && value && typeof value === "object") walk(value, visit);
  }
}

export function findLogValues(path: string, source: string): Finding[] {
  const { program } = parseSync(path, source);
  const findings: Finding[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split("\n").length;
  walk(program, (node) => {
    if (!isLogCall(node)) return;
    walk(node.arguments, (inner) => {
      const what = errorText(inner);
      if (what) findings.push({ file: path, line: lineOf(inner.start), what });
    });
  });
  return findings;
}

const found = files(join(projectRoot, "src", "server")).flatMap((path) =>
  findLogValues(relative(projectRoot, path), readFileSync(path, "utf8")),
);
const fixtures = readdirSync(join(here, "fixtures")).map((name) => join(here, "fixtures", name));
const unrejected = fixtures.filter((path) => findLogValues(path, readFileSync(path, "utf8")).length === 0);

for (const f of found) {
  console.error(
    `${f.file}:${f.line}: a log call writes ${f.what} of a value; log ...logSafeError(error) instead`,
  );
}
for (const path of unrejected)
  console.error(`${relative(projectRoot, path)}: planted violation not rejected`);
if (found.length > 0 || unrejected.length > 0) process.exit(1);
console.log(
  `Log values: no log call writes an error's text; ${fixtures.length} planted violations rejected.`,
);
