import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  buildDirectory: "build",
  // React Router v8's behaviours, adopted where they change nothing the shop relies on; each flag is set
  // so that the build states the choice instead of warning about it.
  future: {
    // Adopted: route modules' client code split per export, and the build run through Vite's Environment API.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Not yet: loaders would receive a RouterContextProvider instead of the plain load context the server
    // assembles (every loader reads context.<area>), so adopting it changes the load context and all its
    // readers; a change of its own, not a setting.
    v8_middleware: false,
    // Not yet: loaders would see the raw request ("/science.data?_routes=..." on client navigations), and
    // app/root.tsx, content-page and product-page read new URL(request.url).pathname to find their page.
    v8_passThroughRequests: false,
    // Not yet: the root's data URL would become "/_.data" instead of "/_root.data", which the server's
    // page-path mapping for cache headers (pagePath) and its tests name.
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
