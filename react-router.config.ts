import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  ssr: true,
  // React Router 8's behaviours, taken early where nothing of ours depends on the old one. Middleware
  // (the load context becomes a RouterContextProvider) and pass-through requests (loaders see the raw
  // `.data` request) need every route changed: they come with the move to React Router 8 (decision 003).
  future: {
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_middleware: false,
    v8_passThroughRequests: false,
  },
} satisfies Config;
