import { defineConfig } from "vite";

// Served by `cardroom serve` at /play (see README); `npm run dev` proxies the API to a local service.
// @cardroom/client is an ES module package (its `import` build, "sideEffects": false), so it is
// bundled and tree-shaken like the app's own code; the app plays the four games and imports
// `@cardroom/client`, a one-game frontend would import `@cardroom/client/<game>` instead.
export default defineConfig({
  base: "/play/",
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: {
    proxy: { "/v1": process.env.CARDROOM_HTTP_URL ?? "http://127.0.0.1:8080" },
  },
});
