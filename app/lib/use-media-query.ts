import { useCallback, useSyncExternalStore } from "react";
import { MOBILE_CUTOFF_PX } from "../../domain/shell";

/** At or above the mobile cutoff (768px, SPEC.md section 9). */
export const DESKTOP_QUERY = `(min-width: ${MOBILE_CUTOFF_PX}px)`;

/** Whether a media query matches; false on the server and during hydration, the real answer right after. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
