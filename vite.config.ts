import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { appShellChunk } from "./scripts/app-shell-chunk.ts";
import { lucideIconsInline } from "./scripts/lucide-icons-inline.ts";

const appShell = appShellChunk({
  rootRoute: "src/web/root.tsx",
  minRoutes: 8,
  landingRoutes: ["src/web/routes/home.tsx", "src/web/routes/events.tsx", "src/web/routes/event-detail.tsx"],
});

export default defineConfig({
  plugins: [lucideIconsInline(), tailwindcss(), reactRouter(), appShell.plugin],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./src/web", import.meta.url)),
      "@domain": fileURLToPath(new URL("./src/domain", import.meta.url)),
    },
  },
  build: {
    rollupOptions: {
      // The domain module is pure: let unused parts (zod schemas for the server) drop out of page bundles.
      treeshake: { moduleSideEffects: (id: string) => !id.includes("/src/domain/") },
      // Fewer, larger chunks: a phone on HTTP/1.1 fetches six at a time, so twenty tiny helper chunks
      // cost round trips before the page becomes interactive (see scripts/app-shell-chunk.ts).
      output: {
        codeSplitting: {
          groups: [
            // ZXing's reader, which only a browser without a native BarcodeDetector loads: counted apart. Not
            // the .wasm's address (`?url`), which the scanner holds: that would make it load the chunk at once.
            { name: "barcode-decoder", test: /node_modules[\\/](barcode-detector|zxing-wasm)[\\/][^?]*$/, priority: 4 },
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 3 },
            { name: "app", test: appShell.test, priority: 2 },
            // What the pages before payment tell a buyer (issue 34): the sentences and the component that
            // shows them travel together, one request on the event page, the cart and the test checkout.
            // The cart's reading, validation and editing: one request for the pages that change the cart
            // (the header's count reads the cart cookie instead: features/cart/cart-count.ts).
            { name: "cart-store", test: /src[\\/]web[\\/]features[\\/]cart[\\/](cart-lines|cart-store|cart-toasts)\./, priority: 1 },
            { name: "sale-terms", test: /src[\\/](domain[\\/]sale-terms|web[\\/]components[\\/]cancellation-terms)\./, priority: 1 },
          ],
        },
      },
    },
  },
  optimizeDeps: { exclude: ["@electric-sql/pglite", "pg", "sharp", "drizzle-orm"] },
  ssr: {
    external: ["@electric-sql/pglite", "pg", "sharp"],
    // Bundled, not imported: Node 24 re-reads drizzle-orm's 180 kB package.json for each of the ~400
    // ES modules it loads, some 4 s of a start-up (decision 029). The server bundle has it inlined too;
    // drizzle recognises its objects across copies (entityKind), so its two copies work together.
    // The UI-only packages too: lucide-react is one 1.3 MB CommonJS file of every icon that Node would
    // parse and run at each start (some 300 ms); bundled, the build keeps only the icons the pages use.
    // None of them is imported by the server bundle, so the pages and the server still share one React.
    noExternal: ["drizzle-orm", "lucide-react", /^@radix-ui\//, "class-variance-authority", "clsx", "isbot", "idb", "tslib"],
  },
});
