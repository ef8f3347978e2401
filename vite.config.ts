// Vite builds the dashboard; Vitest (configured here too) runs the unit and service tests.
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { type Plugin, type Rolldown, runnerImport } from "vite";
import { defineConfig } from "vitest/config";

/**
 * The dashboard never asks zod for a JSON Schema (the service writes the OpenAPI document), but zod's classic
 * schemas import its JSON Schema generator, ~18 kB that every page would load. In the dashboard's build the two
 * modules become stubs with the same exports, each a function that returns one that throws if it is ever called:
 * parsing never calls them. The names are read from the modules themselves, so a zod update cannot drift from them.
 */
function zodWithoutJsonSchema(): Plugin {
  const generator = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
  return {
    name: "zod-without-json-schema",
    apply: "build",
    enforce: "pre",
    async load(id) {
      if (!generator.test(id)) return null;
      const source = await readFile(id, "utf8");
      const names = new Set<string>();
      for (const m of source.matchAll(/^export (?:const|let|function|class) (\w+)/gm)) names.add(m[1]!);
      for (const m of source.matchAll(/^export \{([^}]*)\}/gm)) {
        for (const part of m[1]!.split(",")) {
          const name = part
            .trim()
            .split(/\s+as\s+/)
            .at(-1);
          if (name) names.add(name);
        }
      }
      const unavailable =
        'const unavailable = () => () => { throw new Error("zod JSON Schema generation is left out of the dashboard"); };';
      return [unavailable, ...[...names].map((n) => `export const ${n} = unavailable;`)].join("\n");
    },
  };
}

/**
 * zod in the dashboard parses without compiling code at run time (its `jitless` setting, in force before any
 * schema runs): its fast path first tries `new Function("")`, which the dashboard's Content-Security-Policy (no
 * eval) refuses and the browser reports as a violation. Set where zod makes its global settings, since a call of
 * `config()` in the entry runs only after the chunks it imports, some of which parse as they load.
 */
function zodWithoutEval(): Plugin {
  const core = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
  const settings = "__zod_globalConfig = {})";
  return {
    name: "zod-without-eval",
    apply: "build",
    transform(code, id) {
      if (!core.test(id)) return null;
      if (!code.includes(settings)) throw new Error(`zod-without-eval: ${id} no longer makes "${settings}"`);
      return code.replace(settings, "__zod_globalConfig = { jitless: true })");
    },
  };
}

/**
 * The coarse land (src/web/components/map/coarse-land.ts) projected here, once, instead of in every page that
 * shows a map: the module becomes the arrays land-geometry's projectAtlas makes of the 1:110m atlas, as literals
 * (points in thousandths of a zoom-0 pixel, finer than the atlas's own quantization). Decoding the topology and
 * projecting it in the page took ~75 ms of the map page's first frame on a busy 2-core machine.
 */
function coarseLand(): Plugin {
  const module = /[\\/]src[\\/]web[\\/]components[\\/]map[\\/]coarse-land\.ts$/;
  let code: string | undefined;
  return {
    name: "coarse-land",
    enforce: "pre",
    async load(id) {
      if (!module.test(id)) return null;
      if (!code) {
        // Through Vite's module runner: the config's own loader takes no module that imports without extensions.
        const { module: geometry } = await runnerImport<
          typeof import("./src/web/components/map/land-geometry")
        >(resolve(import.meta.dirname, "src/web/components/map/land-geometry.ts"), {
          configFile: false,
          logLevel: "warn",
        });
        const atlasFile = resolve(import.meta.dirname, "node_modules/world-atlas/countries-110m.json");
        const land = geometry.projectAtlas(JSON.parse(await readFile(atlasFile, "utf8")));
        const numbers = (values: ArrayLike<number>) => Array.from(values).join(",");
        // Each point as the step from the one before, in thousandths: small integers, which compress as well as
        // the atlas's own encoding (as plain decimals the chunk took 10 kB more, gzip).
        const steps = (points: Float32Array) => {
          const thousandths = Array.from(points, (v) => Math.round(v * 1000));
          return numbers(thousandths.map((v, i) => (i < 2 ? v : v - thousandths[i - 2]!)));
        };
        const set = (s: { points: Float32Array; lengths: Uint32Array }) =>
          `{ points: points([${steps(s.points)}]), lengths: new Uint32Array([${numbers(s.lengths)}]) }`;
        code = [
          "// The coarse land, projected when the dashboard was built (vite.config.ts, coarseLand).",
          "function points(steps) {",
          "  const out = new Float32Array(steps.length);",
          "  for (let i = 0, x = 0, y = 0; i < steps.length; i += 2) {",
          "    x += steps[i]; y += steps[i + 1]; out[i] = x / 1000; out[i + 1] = y / 1000;",
          "  }",
          "  return out;",
          "}",
          `export const coarseLand = { land: ${set(land.land)}, ringsPerPolygon: new Uint32Array([${numbers(land.ringsPerPolygon)}]), borders: ${set(land.borders)} };`,
        ].join("\n");
      }
      return code;
    },
  };
}

const ROUTES_DIR = resolve(import.meta.dirname, "src/web/routes");

/**
 * The scripts of the page being opened, asked for while the first script is still loading and running. The router
 * only imports a page's chunks once the framework has run and matched the address (~150 ms after the first script
 * arrives on a 2-core machine); index.html cannot name them, being the same file for every address. So a few lines
 * of inline script in it hold a table (a route's address pattern -> its component's and loader's chunks and what
 * they import, less what index.html loads anyway) and add a modulepreload for the address opened. Vite's own
 * preloading finds those links and does not ask again. Patterns come from the file-based route names: `_layout`
 * directories add no segment but their route's chunks, `index` none, `$param` one of anything.
 *
 * The lines are a file of their own (assets/route-preload-<hash>.js, loaded by an async classic script in the head),
 * not inline: the dashboard's Content-Security-Policy allows no inline script.
 */
function routeModulePreload(): Plugin {
  let outDir = "";
  let preload: { fileName: string; source: string } | undefined;
  return {
    name: "route-modulepreload",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every other plugin's output is written: the file is in no chunk's graph, only in index.html.
    async writeBundle() {
      if (!preload) return;
      await mkdir(dirname(join(outDir, preload.fileName)), { recursive: true });
      await writeFile(join(outDir, preload.fileName), preload.source);
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (!ctx.bundle) return;
        const chunks = Object.values(ctx.bundle).filter((c): c is Rolldown.OutputChunk => c.type === "chunk");
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: Rolldown.OutputChunk[], into = new Set<string>()) => {
          for (const chunk of start) {
            if (into.has(chunk.fileName)) continue;
            into.add(chunk.fileName);
            closure(
              chunk.imports.flatMap((f) => byFile.get(f) ?? []),
              into,
            );
          }
          return into;
        };
        const entries = chunks.filter((c) => c.isEntry);
        const inHtml = closure(entries);
        for (const chunk of entries) for (const css of chunk.viteMetadata?.importedCss ?? []) inHtml.add(css);
        // Route file (without .tsx, relative to the routes) -> the chunks its component and loader are in.
        const split = new Map<string, Rolldown.OutputChunk[]>();
        for (const chunk of chunks) {
          for (const id of chunk.moduleIds) {
            // `?tsr-split=component`, `?tsr-split=component---loader`: the parts of the route in that module.
            const m = /^(.*)\.tsx\?tsr-split=([\w-]+)$/.exec(id);
            if (!m?.[1]?.startsWith(ROUTES_DIR)) continue;
            if (!m[2]!.split("---").some((part) => part === "component" || part === "loader")) continue;
            const route = relative(ROUTES_DIR, m[1]);
            split.set(route, [...(split.get(route) ?? []), chunk]);
          }
        }
        const table: [string, string[]][] = [];
        for (const route of split.keys()) {
          const dirs = route.split("/").slice(0, -1);
          // A layout (`_authenticated.tsx` beside `_authenticated/`) has no address of its own.
          if (split.has(`${route}/`) || [...split.keys()].some((r) => r.startsWith(`${route}/`))) continue;
          const layouts = dirs.map((_, i) => dirs.slice(0, i + 1).join("/"));
          const segments = route
            .split(/[/.]/)
            .filter((s) => !s.startsWith("_") && s !== "index")
            .map((s) => (s.startsWith("$") ? "[^/]+" : s.replace(/[^\w-]/g, "\\$&")));
          const files = closure([...layouts, route].flatMap((r) => split.get(r) ?? []));
          const css = [...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
          const wanted = [...new Set([...files, ...css])].filter((f) => !inHtml.has(f));
          if (wanted.length > 0) table.push([`^/${segments.join("/")}/?$`, wanted.map((f) => `/${f}`)]);
        }
        // The first match only, fixed segments before parameters (/webhooks/new before /webhooks/$id), as the router.
        const params = (pattern: string) => pattern.split("[^/]+").length;
        table.sort((a, b) => params(a[0]) - params(b[0]));
        const script = `{const p=location.pathname;for(const[r,f]of ${JSON.stringify(table)})if(new RegExp(r).test(p)){for(const h of f){const l=document.createElement("link");if(h.endsWith(".css")){l.rel="preload";l.as="style"}else l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)}break}}`;
        const hash = createHash("sha256").update(script).digest("base64url").slice(0, 10);
        preload = { fileName: `assets/route-preload-${hash}.js`, source: script };
        // async: fetched beside the entry without holding up the page's first paint, and run as soon as it arrives
        // (a few hundred bytes, well before the router asks for the route's chunks). Before the entry: asked for
        // before the entry's dozen modulepreloads, not queued behind them on the browser's 6 connections to the
        // server (HTTP/1.1), and so run before the entry's modules, not after their ~300 ms of evaluation, which
        // held the route's chunks back until then.
        const entry = '<script type="module"';
        if (!html.includes(entry))
          throw new Error("route-modulepreload: index.html has no module script to precede");
        return html.replace(entry, `<script src="/${preload.fileName}" async></script>\n    ${entry}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // A route's loader (with the queries and contract schemas it imports) and its pending view load with its
      // page, not in the first script: /attention, where the dashboard opens, and /shipments keep their loaders
      // there so that their data is asked for at once; any other page, opened cold, fetches one small chunk first.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) =>
          ["/_authenticated/attention", "/_authenticated/shipments/", "/_authenticated", "__root__"].includes(
            routeId,
          )
            ? undefined
            : [["loader"], ["component"], ["pendingComponent"], ["errorComponent"], ["notFoundComponent"]],
      },
      routesDirectory: "./src/web/routes",
      generatedRouteTree: "./src/web/route-tree.gen.ts",
    }),
    react(),
    tailwindcss(),
    zodWithoutJsonSchema(),
    zodWithoutEval(),
    routeModulePreload(),
    coarseLand(),
  ],
  resolve: {
    alias: {
      // React 18 and later have useSyncExternalStore; the shim (for older ones) is dead weight in the first script.
      "use-sync-external-store/shim/with-selector": "use-sync-external-store/with-selector",
    },
  },
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The framework every page runs on in one chunk: 8 fewer requests for the first page, and 3 kB less than
        // the same code spread over small chunks that import one another. The map page's code in two more, instead
        // of 13 chunks that queued on the browser's 6 connections before its first frame: Leaflet with the map
        // components and the coarse land (shared with the container page's map, whose journey view stays its own),
        // and the fleet page with its route's pieces (the vessel list's virtualizer is the shared table's, which
        // every list uses, so it is not theirs to take).
        // These two take only the modules they name (not what those import, which other pages share), and the
        // framework comes first, so that neither drags a module of the first script out of it. The made-up fleet
        // stays a chunk of its own: it stands for the fleet the real page fetches after its loader has run. Neither
        // the route's loader nor the made-up fleet imports these two (coordinates.ts, which the made-up fleet uses,
        // stays out of Leaflet's): the fleet is asked for, and made up, while Leaflet loads and runs.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              priority: 3,
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core)|use-sync-external-store|zod)[\\/]/,
            },
            {
              name: "leaflet",
              priority: 2,
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet|topojson-client)|src[\\/]web[\\/]components[\\/]map[\\/](?!journey|coordinates\.ts)/,
            },
            {
              name: "fleet-map",
              priority: 1,
              includeDependenciesRecursively: false,
              // The route's split pieces (`map.tsx?tsr-split=…`), not its search schema, which the first script has,
              // nor its loader with what the loader imports (the fleet's query, the made-up fleet's maker): in here,
              // the loader would wait for Leaflet to load and run before asking for the fleet.
              test: /src[\\/]web[\\/](features[\\/]map[\\/](?!synthetic-fleet(-source|-chunk)?\.ts|search\.ts|queries\.ts)|routes[\\/]_authenticated[\\/]map\.tsx\?tsr-split=(?!loader))/,
            },
          ],
        },
      },
    },
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    benchmark: { include: ["src/**/*.bench.ts"] },
    environment: "node",
    // One migrated, seeded database for the whole run, which every test world copies.
    globalSetup: ["src/server/testing/vitest-global-setup.ts"],
    // Test files of a worker share its modules instead of importing them afresh each (the service's graph took
    // ~2.4 s per file to import: 57 s of 24 files' 245 s). Every test world is its own service and database, and
    // no test relies on a module's state from another file. Measured side by side on 24 service files: 245 s → 159 s;
    // the whole run took 608 s so (issue 35).
    isolate: false,
    // Vitest's default is one worker fewer than the cores, which on a 2-core machine ran the files one at a time
    // with a core idle: measured side by side on this machine, 290 s with one worker, 231 s with two (issue 35).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Sized for a busy 2-core machine; no test waits on wall-clock time, these only catch a hang.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
