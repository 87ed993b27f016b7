import { useRouteLoaderData } from "react-router";
import { DEFAULT_FLAGS, type Flags } from "../../domain/flags";
import type { ShellData } from "../components/layout/shell-data";

/**
 * The shopper's feature flags as the server resolved them for this page (root loader; ADR 0003, 0062). Outside the
 * shop's frame (the console, a render failure) the defaults of SPEC.md.
 */
export function useFlags(): Flags {
  const root = useRouteLoaderData<{ shell?: ShellData }>("root");
  return root?.shell?.flags ?? DEFAULT_FLAGS;
}
