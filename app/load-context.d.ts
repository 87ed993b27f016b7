import type { ShopLoadContext } from "../server/http/context";

// Route loaders receive the server's load context; only its type crosses the layer line.
declare module "react-router" {
  interface AppLoadContext extends ShopLoadContext {}
}
