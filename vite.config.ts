import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The client build (DESIGN.md §1). In `npm run dev` the API runs on 5001 behind this proxy. */
const api = "http://127.0.0.1:5001";
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: { outDir: "dist/client", emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 5173,
    proxy: { "/api": api, "/oidc": api, "/oidc-assets": api, "/objects": api },
  },
});
