import { useRouteLoaderData } from "react-router";
import { DEFAULT_FLAGS, STANDARD_PRICING, type Flags, type PricingFlags } from "../../domain/flags";
import type { ShellData } from "../components/layout/shell-data";

function useShell(): ShellData | undefined {
  return useRouteLoaderData<{ shell?: ShellData }>("root")?.shell;
}

/**
 * The shopper's display flags as the server resolved them for this page (root loader; ADR 0003, 0062, 0080): they may
 * carry the visitor's preview cookie, so nothing priced reads them. Outside the shop's frame the defaults of SPEC.md.
 */
export function useFlags(): Flags {
  return useShell()?.flags ?? DEFAULT_FLAGS;
}

/** The money flags the server prices this shopper with (never the visitor's cookie, ADR 0080); else SPEC.md's prices. */
export function usePricingFlags(): PricingFlags {
  return useShell()?.pricing ?? STANDARD_PRICING;
}
