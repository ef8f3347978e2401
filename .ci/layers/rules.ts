// The layer rules of ../shared/ARCHITECTURE.md ("Dependencies point one way"), as `from -> to` pairs of regular
// expressions over resolved file paths (relative to the project root; a package's files as node_modules/<name>/…),
// in dependency-cruiser's vocabulary. check-layers.ts applies them to every import under src/, types included.
// Each rule has one planted violation in fixtures/<rule name>/, which the check must reject.

export interface LayerRule {
  name: string;
  /** Why the rule holds: printed with each violation. */
  comment: string;
  /** The importing file; `$1` in `to.pathNot` stands for this expression's first group. */
  from: { path: string; pathNot?: string };
  to: {
    path: string;
    pathNot?: string;
    /** Imports of types only (`import type`, `export type … from`) are allowed. */
    allowTypeOnly?: boolean;
  };
}

/** Tests, benchmarks and the tools in cli/, bench/ and testing/ (the dashboard's too) may reach across the layers. */
const ACROSS = String.raw`\.(test|bench)\.tsx?$|^src/server/(cli|bench|testing)/|^src/web/testing/`;
/** The feature packages, those of ARCHITECTURE.md that do not exist yet included, so that they are covered. */
const FEATURE_NAMES = "people|tracking|webhooks|alerts|documents";
const FEATURES = `(${FEATURE_NAMES})`;
/** What every layer may use: time, logs, secrets, outbound addresses, where the files are, the configuration. */
const SHARED = String.raw`^src/server/((clock|logger|log-safe-error|secrets|paths|config)\.ts$|net/)`;

export const LAYER_RULES: LayerRule[] = [
  {
    name: "web-not-server",
    comment:
      "The dashboard talks to the service only through the /v2 API; src/api holds the shared contract.",
    from: { path: "^src/web/" },
    to: { path: "^src/server/" },
  },
  {
    name: "server-not-web",
    comment: "The service never imports the dashboard.",
    from: { path: "^src/server/" },
    to: { path: "^src/web/" },
  },
  {
    name: "api-is-the-contract",
    comment: "src/api is the contract both programs import; it imports neither of them.",
    from: { path: "^src/api/" },
    to: { path: "^src/(server|web)/" },
  },
  {
    name: "composition-root-on-top",
    comment: "Only main.ts (and the tools) build the service: no layer imports main.ts or service.ts.",
    from: { path: "^src/server/", pathNot: `${ACROSS}|^src/server/main\\.ts$` },
    to: { path: String.raw`^src/server/(main|service)\.ts$` },
  },
  {
    name: "tools-not-in-the-service",
    comment: "The service's code never imports the test tooling, the benchmarks or the command-line tools.",
    from: { path: "^src/server/", pathNot: ACROSS },
    to: { path: "^src/server/(cli|bench|testing)/" },
  },
  {
    name: "http-on-top",
    comment: "http/ calls the layers below it, never the reverse: what two share lives below both.",
    from: { path: "^src/server/", pathNot: `${ACROSS}|^src/server/(http/|main\\.ts$|service\\.ts$)` },
    to: { path: "^src/server/http/" },
  },
  {
    name: "features-not-sideways",
    comment:
      "A feature package never imports another: what two share moves down, to src/api or a service every layer may use.",
    from: { path: `^src/server/${FEATURES}/`, pathNot: ACROSS },
    to: { path: `^src/server/${FEATURES}/`, pathNot: "^src/server/$1/" },
  },
  {
    name: "geo-below-features",
    comment: "geo/ is geometry: it knows nothing of the feature packages, the resources or mail.",
    from: { path: "^src/server/geo/", pathNot: ACROSS },
    to: { path: `^src/server/(${FEATURE_NAMES}|resources|mail)/` },
  },
  {
    name: "db-is-the-bottom",
    comment:
      "db/ is the bottom layer: repositories import the schema, each other, src/api and the shared services.",
    from: { path: "^src/server/db/", pathNot: ACROSS },
    to: { path: `^src/server/(${FEATURE_NAMES}|geo|resources|mail)/` },
  },
  {
    name: "resources-below-features",
    comment:
      "resources/ (the JSON:API serializers) sits below http/ and the feature packages that use it; it declares its own inputs.",
    from: { path: "^src/server/resources/", pathNot: ACROSS },
    to: { path: `^src/server/(${FEATURE_NAMES}|geo|mail)/` },
  },
  {
    name: "resources-see-db-types-only",
    comment: "resources/ sees only db/ types (rows and records), never a repository or the schema.",
    from: { path: "^src/server/resources/", pathNot: ACROSS },
    to: { path: "^src/server/db/", allowTypeOnly: true },
  },
  {
    name: "tables-through-repositories",
    comment:
      "http/, the feature packages and geo/ reach tables through the repositories in db/ (which take the account id), never the schema, db/bulk or SQL.",
    from: { path: `^src/server/(http|${FEATURE_NAMES}|geo)/`, pathNot: ACROSS },
    to: { path: String.raw`^src/server/db/(schema|bulk)\.ts$|^node_modules/drizzle-orm/` },
  },
  {
    name: "mail-below-features",
    comment: "mail/ sends what others ask it to: it imports no feature package, no resource and not geo/.",
    from: { path: "^src/server/mail/", pathNot: ACROSS },
    to: { path: `^src/server/(${FEATURE_NAMES}|resources|geo)/` },
  },
  {
    name: "shared-services-at-the-bottom",
    comment:
      "The services every layer may use (clock, logger, secrets, net, paths, config) import none of the layers.",
    from: { path: SHARED, pathNot: ACROSS },
    to: { path: `^src/server/(${FEATURE_NAMES}|http|geo|db|resources|mail)/` },
  },
  {
    name: "eta-never-reads-the-sandbox",
    comment:
      "The arrival predictor (tracking/eta/, its tests included) sees only what the service observes: the sandbox's hidden true voyages are out of its reach.",
    from: { path: "^src/server/tracking/eta/" },
    to: { path: "^src/server/tracking/sandbox/" },
  },
  {
    name: "web-testing-not-in-the-app",
    comment: "The dashboard's code never imports its unit tests' fixtures (src/web/testing/).",
    from: { path: "^src/web/", pathNot: ACROSS },
    to: { path: "^src/web/testing/" },
  },
  {
    name: "web-routes-on-top",
    comment: "Routes use features, components and lib; nothing imports a route.",
    from: { path: "^src/web/(features|components|lib)/", pathNot: ACROSS },
    to: { path: "^src/web/routes/" },
  },
  {
    name: "web-features-not-sideways",
    comment: "A feature never imports another feature: what two share moves to components/ or lib/.",
    from: { path: "^src/web/features/([^/]+)/", pathNot: ACROSS },
    to: { path: "^src/web/features/", pathNot: "^src/web/features/$1/" },
  },
  {
    name: "web-shared-below-features",
    comment: "components/ and lib/ are below the features and routes that use them.",
    from: { path: "^src/web/(components|lib)/", pathNot: ACROSS },
    to: { path: "^src/web/features/" },
  },
];
