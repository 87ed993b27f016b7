import { defineConfig } from "vite";

// Builds server/index.ts (HTTP + jobs) into build/node/index.js.
// Dependencies stay external: production resolves them from node_modules.
export default defineConfig({
  build: {
    ssr: "server/index.ts",
    outDir: "build/node",
    emptyOutDir: true,
    target: "node20",
    rollupOptions: { output: { entryFileNames: "index.js" } },
  },
  resolve: { tsconfigPaths: true },
});
