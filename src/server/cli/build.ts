// `npm run build`'s second half: bundles the service into dist/server/main.mjs, which `npm start` runs with plain
// node. Run through tsx, the service keeps every transformed module and its source map in memory (about 80 MB at
// rest); the bundle is plain JavaScript. Packages stay external (node_modules is there at run time), and files the
// service reads from disk are found from the project root (src/server/paths.ts), which the bundle shares.
import { build } from "esbuild";

const SERVICE_BUNDLE = "dist/server/main.mjs";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: SERVICE_BUNDLE,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // Not minified, so that a stack trace of the bundle reads like the source; the map is for debuggers and
  // `node --enable-source-maps`, which costs memory and is not on by default.
  sourcemap: "linked",
  logLevel: "warning",
});
console.log(`Built ${SERVICE_BUNDLE}`);
