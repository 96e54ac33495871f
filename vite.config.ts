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
  optimizeDeps: { exclude: ["@electric-sql/pglite", "pg", "sharp", "drizzle-orm"] },
  ssr: { external: ["@electric-sql/pglite", "pg", "sharp"] },
});
