import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
      // Fewer, larger chunks: a phone on HTTP/1.1 fetches six at a time, so twenty tiny icon and
      // helper chunks cost round trips before the page becomes interactive.
      output: {
        codeSplitting: {
          groups: [
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
  optimizeDeps: { exclude: ["@electric-sql/pglite", "pg", "sharp", "drizzle-orm"] },
  ssr: { external: ["@electric-sql/pglite", "pg", "sharp"] },
});
