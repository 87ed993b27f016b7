import { useSyncExternalStore } from "react";
import { readStorage } from "./storage";

/**
 * A read-only view of one localStorage key as an external store: it re-reads on `storage` events
 * (other tabs) and on the named window events (same tab, where `storage` does not fire).
 */
export interface StorageStore<T> {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): T;
}

export function storageStore<T>(key: string, parse: (raw: string | null) => T, windowEvents: string[] = []): StorageStore<T> {
  return {
    subscribe(onChange) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) onChange();
      };
      window.addEventListener("storage", onStorage);
      for (const name of windowEvents) window.addEventListener(name, onChange);
      return () => {
        window.removeEventListener("storage", onStorage);
        for (const name of windowEvents) window.removeEventListener(name, onChange);
      };
    },
    // parse must return a primitive so equal contents compare equal between renders.
    getSnapshot: () => parse(readStorage(key)),
  };
}

/** The server (and the hydration pass) sees serverValue; the stored value follows right after hydration. */
export function useStorageStore<T>(store: StorageStore<T>, serverValue: T): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => serverValue);
}
