// Vite builds the dashboard; Vitest (configured here too) runs the unit and service tests.
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./src/web/routes",
      generatedRouteTree: "./src/web/route-tree.gen.ts",
    }),
    react(),
    tailwindcss(),
  ],
  build: { outDir: "dist/web", emptyOutDir: true, sourcemap: true },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    benchmark: { include: ["src/**/*.bench.ts"] },
    environment: "node",
    // Sized for a busy 2-core machine; no test waits on wall-clock time, these only catch a hang.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
