// Checks the layer rules (rules.ts) on resolved file paths: every import of every module under src/ (static,
// dynamic, re-exports, type-only ones too) is parsed with oxc-parser and resolved with oxc-resolver as the
// bundler resolves it (tsconfig, extensions, package exports), so a rule holds at any depth and whatever the
// import string looks like. Then the planted violations in fixtures/<rule>/ must each be rejected by their rule,
// so that a rule that no longer matches anything fails too. Run by `npm run lint`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync } from "oxc-parser";
import { ResolverFactory } from "oxc-resolver";
import { LAYER_RULES, type LayerRule } from "./rules";

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = join(here, "..", "..");
const fixturesRoot = join(here, "fixtures");

interface Edge {
  /** Both relative to the root checked, with forward slashes; a package's files as node_modules/<name>/…. */
  from: string;
  to: string;
  specifier: string;
  typeOnly: boolean;
}

interface Violation {
  rule: LayerRule;
  edge: Edge;
}

const resolver = new ResolverFactory({
  tsconfig: { configFile: join(projectRoot, "tsconfig.json"), references: "auto" },
  extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".json"],
  conditionNames: ["import", "node", "default"],
  mainFields: ["module", "main"],
});

/** For packages of types only (geojson's types are @types/geojson), found as TypeScript finds them. */
const typesResolver = new ResolverFactory({
  extensions: [".d.ts"],
  conditionNames: ["types", "import", "default"],
  mainFields: ["types", "typings"],
});

const BUILTINS = new Set(builtinModules);
const isBuiltin = (specifier: string) => specifier.startsWith("node:") || BUILTINS.has(specifier);

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts)$/.test(name)) files.push(path);
  }
  return files;
}

/** A resolved path as the rules see it: relative to the root checked, or node_modules/<package>/… for a package. */
function ruleName(root: string, path: string): string {
  const posix = path.split(sep).join("/");
  const inPackages = posix.lastIndexOf("/node_modules/");
  if (inPackages >= 0) return posix.slice(inPackages + 1);
  return relative(root, path).split(sep).join("/");
}

/** Every import of a file with whether it brings in types only. */
function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const source = readFileSync(file, "utf8");
  const { module, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((e) => e.message).join("; ")}`);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  for (const item of module.staticImports) {
    // `import "x"` brings in code; `import { type A, B }` too; only when every name is a type is it type-only.
    const typeOnly = item.entries.length > 0 && item.entries.every((entry) => entry.isType);
    found.push({ specifier: item.moduleRequest.value, typeOnly });
  }
  for (const item of module.staticExports) {
    for (const entry of item.entries) {
      if (entry.moduleRequest) found.push({ specifier: entry.moduleRequest.value, typeOnly: entry.isType });
    }
  }
  for (const item of module.dynamicImports) {
    const text = source.slice(item.moduleRequest.start, item.moduleRequest.end);
    const literal = /^(["'`])([^"'`$]*)\1$/.exec(text);
    if (literal) found.push({ specifier: literal[2]!, typeOnly: false });
  }
  return found;
}

/** The imports of every module under `root`/src, resolved. */
function edgesUnder(root: string): { edges: Edge[]; unresolved: string[] } {
  const edges: Edge[] = [];
  const unresolved: string[] = [];
  for (const file of sourceFiles(join(root, "src"))) {
    const from = ruleName(root, file);
    for (const { specifier, typeOnly } of importsOf(file)) {
      if (isBuiltin(specifier)) continue;
      let resolved = resolver.sync(dirname(file), specifier);
      if (!resolved.path && typeOnly && !specifier.startsWith("."))
        resolved = typesResolver.sync(
          dirname(file),
          `@types/${specifier.replace("@", "").replace("/", "__")}`,
        );
      if (!resolved.path) {
        unresolved.push(`${from}: cannot resolve "${specifier}" (${resolved.error ?? "not found"})`);
        continue;
      }
      edges.push({ from, to: ruleName(root, resolved.path), specifier, typeOnly });
    }
  }
  return { edges, unresolved };
}

function violationsOf(edges: readonly Edge[]): Violation[] {
  const violations: Violation[] = [];
  for (const rule of LAYER_RULES) {
    const from = new RegExp(rule.from.path);
    const fromNot = rule.from.pathNot ? new RegExp(rule.from.pathNot) : undefined;
    const to = new RegExp(rule.to.path);
    for (const edge of edges) {
      const match = from.exec(edge.from);
      if (!match || fromNot?.test(edge.from) || !to.test(edge.to)) continue;
      if (rule.to.allowTypeOnly && edge.typeOnly) continue;
      if (rule.to.pathNot) {
        const own = rule.to.pathNot.replaceAll("$1", (match[1] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
        if (new RegExp(own).test(edge.to)) continue;
      }
      violations.push({ rule, edge });
    }
  }
  return violations;
}

const describe = ({ rule, edge }: Violation) =>
  `  ${edge.from} -> ${edge.to}${edge.typeOnly ? " (types)" : ""}\n    [${rule.name}] ${rule.comment}`;

const problems: string[] = [];

// 1. The project itself breaks no rule.
const project = edgesUnder(projectRoot);
problems.push(...project.unresolved);
const found = violationsOf(project.edges);
if (found.length > 0) problems.push(`Imports that break the layer rules:\n${found.map(describe).join("\n")}`);

// 2. Each rule rejects its planted violation, and only that rule does.
const planted = new Set(readdirSync(fixturesRoot));
for (const rule of LAYER_RULES) {
  if (!planted.has(rule.name)) {
    problems.push(`fixtures/${rule.name}/ is missing: each rule keeps one planted violation.`);
    continue;
  }
  planted.delete(rule.name);
  const fixture = edgesUnder(join(fixturesRoot, rule.name));
  problems.push(...fixture.unresolved.map((line) => `fixtures/${rule.name}/${line}`));
  const rejected = violationsOf(fixture.edges);
  if (!rejected.some((v) => v.rule === rule))
    problems.push(`fixtures/${rule.name}/: the rule "${rule.name}" no longer rejects its planted violation.`);
  for (const other of rejected.filter((v) => v.rule !== rule))
    problems.push(
      `fixtures/${rule.name}/ also breaks "${other.rule.name}": plant one violation per fixture.`,
    );
}
for (const name of planted) problems.push(`fixtures/${name}/ plants a violation of no rule.`);

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  `Layer rules: ${LAYER_RULES.length} rules hold over ${project.edges.length} imports; each rejects its planted violation.`,
);
