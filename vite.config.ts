import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { englishCatalogues } from "./scripts/english-catalogues";

/**
 * Puts the entry stylesheet inside index.html, so the first paint needs no second request on a
 * slow phone network (docs/features/discovery.md: Lighthouse). The CSP allows inline styles; index.html
 * is sent brotli-compressed like the file was.
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
 * `npm run dev`: the sign-in page (served by the API behind the proxy) names its script as the build
 * does, `/sign-in.js`; Vite's dev server answers that name with the source entry.
 */
function signInScriptInDev(): Plugin {
  return {
    name: "mealshare:sign-in-script",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url === "/sign-in.js") request.url = "/src/client/sign-in.ts";
        next();
      });
    },
  };
}

/**
 * The installable app (docs/features/notifications.md point 1): a web app manifest, icons drawn at build
 * time from public/favicon.svg (@vite-pwa/assets-generator, the "minimal-2023" set: 64, 192 and 512 px,
 * a maskable 512 px and the Apple touch icon), and our service worker (src/client/sw.ts) with Workbox's
 * precache of the app shell injected. API answers are not cached (they are per user), but for the
 * accepted eater's pickup pass (src/client/sw.ts).
 */
const pwa = VitePWA({
  strategies: "injectManifest",
  srcDir: "src/client",
  filename: "sw.ts",
  registerType: "autoUpdate",
  // src/client/lib/idle.ts registers it once the first screen is up (app.tsx).
  injectRegister: false,
  pwaAssets: {
    image: "public/favicon.svg",
    preset: "minimal-2023",
    overrideManifestIcons: true,
    // index.html has its theme-color already.
    injectThemeColor: false,
    includeHtmlHeadLinks: true,
  },
  manifest: {
    name: "MealShare",
    short_name: "MealShare",
    description: "Neighbours share surplus meals for free, and local cooks sell home-cooked food.",
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#15803d",
    background_color: "#ffffff",
    categories: ["food", "lifestyle", "social"],
  },
  injectManifest: {
    // The shell and every page's chunk, so the app opens offline; the photo uploader (a large chunk
    // only the forms load) and the API docs are fetched when needed.
    // (The plugin adds the manifest itself.)
    globPatterns: ["**/*.{js,css,html,svg,png,ico}"],
    globIgnores: ["**/photo-uploader-*.js", "**/uppy-*.js", "**/*.map"],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
    // One classic script, as a service worker is registered: the plugin's "es" build asks for the
    // deprecated inlineDynamicImports; the iife build needs no option of that kind.
    rollupFormat: "iife",
  },
});

/**
 * The libraries every member's page runs (see the vendor group below). Libraries only some pages load on
 * demand (the map, the uploader, QR codes) are not here, nor zod: the first screens build no schema
 * (their words come from src/contract/plain/); nor date-fns's tables of each language but English,
 * loaded with it (src/client/lib/i18n.ts). Nor Radix's checkbox: the first screens reach it only
 * through a feature's index.ts, which `importedBy` follows though they draw no checkbox.
 */
const LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|i18next|react-i18next|html-parse-stringify|void-elements|@radix-ui(?![\\/]react-checkbox)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib|detect-node-es|lucide-react|clsx|tailwind-merge|class-variance-authority|date-fns(?![\\/]locale[\\/](?!en-US[\\/.]|_lib[\\/]))|@date-fns|@swc|use-debounce|react-error-boundary|i18next-resources-to-backend)[\\/]/;

/** Our own client code and the contract it shares with the server. */
const OWN_CODE = /[\\/]src[\\/](client[\\/](components|lib|features)|contract)[\\/]/;
/** What a visitor's first page runs: the entry and the landing page. */
const PUBLIC_ROOTS = ["/src/client/main.tsx", "/src/client/pages/landing.tsx"];
/** The UI primitives (src/client/components/ui): small parts that every page draws. */
const PUBLIC_UI = /[\\/]src[\\/]client[\\/]components[\\/]ui[\\/]/;

/**
 * What the first screens run: the entry, the landing page, the signed-in shell and the pages the
 * server draws (docs/decisions/019). Only the libraries these import go into the one vendor file.
 */
const FIRST_SCREEN_ROOTS = [
  ...PUBLIC_ROOTS,
  "/src/client/app/signed-in-shell.tsx",
  ...["community", "marketplace", "home", "meal-detail", "request-thread"].map(
    (page) => `/src/client/pages/${page}.tsx`,
  ),
];

/** Whether `id` is imported, statically and through any chain, by one of `roots`. */
function importedBy(
  id: string,
  roots: string[],
  getModuleInfo: (id: string) => { importers: readonly string[] } | null,
  seen = new Set<string>(),
): boolean {
  if (roots.some((root) => id.endsWith(root))) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (getModuleInfo(id)?.importers ?? []).some((importer) =>
    importedBy(importer, roots, getModuleInfo, seen),
  );
}

/**
 * The client build (docs/DESIGN.md §1). Text assets are also written brotli- and gzip-compressed
 * (`x.js.br`, `x.js.gz`) for the server to send as they are (docs/DESIGN.md §6,
 * docs/features/discovery.md). In `npm run dev` the API runs on 5001 behind this proxy.
 */
const api = "http://127.0.0.1:5001";

/**
 * The server's bundle of the app (`vite build --ssr`, `npm run build`): src/client/server-render.tsx,
 * which renders a first screen from the same components (docs/decisions/019), into dist/ssr/ for
 * src/server/plugins/client.ts; packages stay in node_modules, what the browser loads on demand stays
 * a chunk the server imports when a page needs it.
 */
const serverBundle = defineConfig({
  plugins: [react(), englishCatalogues(), pwa],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  // React's production build whatever NODE_ENV the server runs under (a development React renders
  // slower and writes its stack traces into the page), so React and everything that imports it are
  // bundled, one copy of each.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: { noExternal: true },
  build: {
    ssr: "src/client/server-render.tsx",
    outDir: "dist/ssr",
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
});

const browserBundle = defineConfig({
  plugins: [
    react(),
    englishCatalogues(),
    tailwindcss(),
    inlineEntryStylesheet(),
    signInScriptInDev(),
    pwa,
    compression({
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      algorithms: ["gzip", "brotliCompress"],
      threshold: 1024,
    }),
  ],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      // The app, and the emailed sign-in page's own small script (src/server/auth/pages.ts), under a
      // fixed name the server's page can name; it is served with `no-cache` like index.html.
      input: { index: "index.html", "sign-in": "src/client/sign-in.ts" },
      // A feature's code runs only for what is used of it: importing one hook through a feature's
      // index.ts (the import boundary, docs/ARCHITECTURE.md "The client") must not pull the rest of
      // that feature into the page's chunk. No feature module is imported for its side effects;
      // the stylesheets they import keep theirs.
      treeshake: {
        moduleSideEffects: [{ test: /\/src\/client\/features\/.*\.tsx?$/, sideEffects: false }],
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === "sign-in" ? "sign-in.js" : "assets/[name]-[hash].js"),
        codeSplitting: {
          groups: [
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            // The meal form and its schema, which only the pages that create or edit a meal show. Merged
            // by size into the chunk the signed-in shell shares with the meal page, they made every
            // member's first load fetch the form, react-hook-form and the form's zod schemas.
            {
              name: "meal-form",
              test: /[\\/]src[\\/]client[\\/]features[\\/]meals[\\/](meal-form-schema\.ts|api[\\/]create-meal\.ts|components[\\/]meal-form[\\/])/,
              // Only these modules: what they import stays where the other pages find it.
              includeDependenciesRecursively: false,
              priority: 15,
            },
            // The forms' library, our helpers on it and the meal form's number parser, which only pages
            // with such a form use. Left to be merged by size, they rode with the text inputs and labels
            // into a file the entry loads, and with the push offer into the shell's: every first screen
            // fetched react-hook-form (14 KiB gzip) and drew no form with it (docs/decisions/019).
            {
              name: "forms",
              test: /node_modules[\\/](react-hook-form|@hookform|@internationalized)[\\/]|[\\/]src[\\/]client[\\/](components[\\/](form-field|checkbox-group)\.tsx|lib[\\/]forms\.ts)/,
              includeDependenciesRecursively: false,
              priority: 15,
            },
            // The libraries every member's page runs, in one file instead of dozens (docs/decisions/015):
            // a phone on HTTP/1.1 fetches six files at a time, so each small file cost a round trip.
            // Only those a first screen imports: the rest (Radix's menus and dialogs, loaded on demand;
            // the Help page's accordion; a group's tabs) come with the code that uses them
            // (docs/decisions/019 "Less script").
            {
              name: (id, ctx) =>
                LIBRARIES.test(id) && importedBy(id, FIRST_SCREEN_ROOTS, (other) => ctx.getModuleInfo(other))
                  ? "vendor"
                  : null,
              priority: 10,
            },
            // The small UI parts a visitor's first page draws too (a badge, an input, a label), in a file
            // of their own: left to the next group, they were pulled into members' files as what those
            // files' modules import, and the landing page then fetched a meal photo's and the place
            // search's code with them (docs/decisions/019; the budget in tests/e2e/first-load-budget.spec.ts).
            {
              name: (id, ctx) =>
                PUBLIC_UI.test(id) && importedBy(id, PUBLIC_ROOTS, (other) => ctx.getModuleInfo(other))
                  ? "public-ui"
                  : null,
              includeDependenciesRecursively: false,
              priority: 6,
            },
            // Our own modules that several member pages share, in a few files by the set of pages that
            // use them, not one file each: Lighthouse's phone fetches six files at a time, and
            // Community's first load was 58 files, most of them a component of 1–2 KiB
            // (docs/decisions/015). What the entry or the landing page imports is left out, so a
            // visitor's first page does not load members' code merged into the same files. Sets are
            // merged only under 4 KiB: a merged set brings what its other modules import, and at 24 KiB
            // the shell's sets took in a group's join panel and, through it, the groups' and meals'
            // schemas and zod (docs/decisions/015 "Phones": 4 and 6 KiB keep zod out, 10 KiB does not).
            // At 6 KiB the Settings and Saved pages' sets brought the draws' and a group's join panel
            // into every thread (docs/decisions/019 "The fourth pass").
            {
              name: (id, ctx) =>
                OWN_CODE.test(id) && !importedBy(id, PUBLIC_ROOTS, (other) => ctx.getModuleInfo(other))
                  ? "app"
                  : null,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 4 * 1024,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": api, "/oidc": api, "/oidc-assets": api, "/objects": api },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBundle : browserBundle));
