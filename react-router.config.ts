import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  ssr: true,
  future: {
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
