import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

/**
 * Adds `<link rel="modulepreload">` for the landing page's chunk and the chunks it imports, so a
 * visitor's first page loads alongside the entry script instead of after it (issue 10: Lighthouse).
 * The chunk is small; a member opening / fetches it for nothing, a few KB.
 */
function preloadLandingPage(): Plugin {
  return {
    name: "mealshare:preload-landing",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
        const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/pages/landing.tsx"));
        if (!landing) return [];
        // The entry and what it imports are in the page already.
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files = [landing.fileName, ...landing.imports.filter((file) => !loaded.has(file))];
        return files.map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

/**
 * Puts the entry stylesheet inside index.html, so the first paint needs no second request on a
 * slow phone network (issue 10: Lighthouse). The CSP allows inline styles; index.html is sent
 * brotli-compressed like the file was.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: "mealshare:inline-stylesheet",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/,
          (link, file: string) => {
            const asset = bundle?.[file];
            return asset?.type === "asset" ? `<style>${String(asset.source)}</style>` : link;
          },
        );
      },
    },
  };
}

/**
 * The client build (DESIGN.md §1). Text assets are also written brotli- and gzip-compressed
 * (`x.js.br`, `x.js.gz`) for the server to send as they are (DESIGN.md §6, issue 10). In
 * `npm run dev` the API runs on 5001 behind this proxy.
 */
const api = "http://127.0.0.1:5001";
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadLandingPage(),
    inlineEntryStylesheet(),
    compression({
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      algorithms: ["gzip", "brotliCompress"],
      threshold: 1024,
    }),
  ],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: { outDir: "dist/client", emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 5173,
    proxy: { "/api": api, "/oidc": api, "/oidc-assets": api, "/objects": api },
  },
});
