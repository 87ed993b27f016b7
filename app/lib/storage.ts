/**
 * Safe access to browser storage (the keys are defined once, in domain/storage-keys.ts). Storage can be blocked
 * (private mode, sandboxed frames); a blocked read is simply "nothing stored".
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
