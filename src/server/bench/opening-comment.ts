// `--help` of the benchmark and fault-suite commands: each file's opening comment is the one description of its
// scenarios and flags, printed as it stands instead of being written again in a usage string.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Prints the `//` lines at the top of the module at `moduleUrl` (its `import.meta.url`), without the slashes. */
export function printOpeningComment(moduleUrl: string): void {
  const lines = readFileSync(fileURLToPath(moduleUrl), "utf8").split("\n");
  const end = lines.findIndex((line) => !line.startsWith("//"));
  console.log(
    lines
      .slice(0, end)
      .map((line) => line.replace(/^\/\/ ?/, ""))
      .join("\n"),
  );
}
