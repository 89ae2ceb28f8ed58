import { defineConfig } from "vite";

// Served by `cardroom serve` at /play (see README); `npm run dev` proxies the API to a local service.
export default defineConfig({
  base: "/play/",
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  // @cardroom/client is CommonJS: pre-bundle it in dev, convert it in the build
  optimizeDeps: { include: ["@cardroom/client"] },
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: {
    proxy: { "/v1": process.env.CARDROOM_HTTP_URL ?? "http://127.0.0.1:8080" },
  },
});
