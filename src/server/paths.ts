// Where the service's own files lie on disk. The service runs either from src/server/ (tsx, in development and
// tests) or from its bundle in dist/server/ (`npm start`); both sit two folders below the project root, so a path
// from the root holds for both, where a path from each module's own file would break once modules are bundled.
import { fileURLToPath } from "node:url";

const projectRoot = new URL("../../", import.meta.url);

/** A file or folder of the service's sources (migrations, data), by its path under src/server/. */
export function serverSourcePath(relative: string): string {
  return fileURLToPath(new URL(`src/server/${relative}`, projectRoot));
}

/** The built dashboard that the service serves. */
export const webRoot = fileURLToPath(new URL("dist/web/", projectRoot));
