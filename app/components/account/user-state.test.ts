import { describe, expect, it } from "vitest";
import { USER_STORAGE_KEY } from "../../../domain/storage-keys";
import { clearUserState, storedUserOf, syncUserState } from "./user-state";

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

const member = { signedIn: true, email: "ada@example.com", firstName: "Ada", blocked: false, experiments: { referral_badge_2: "new_badge" } };
const signedOut = { signedIn: false, email: null, firstName: null, blocked: true, experiments: {} };

describe("the user state kept in the browser (SPEC.md section 4)", () => {
  it("keeps the signed-in viewer's fields and nothing else, so no token can be stored", () => {
    const withToken = { ...member, seedSessionToken: "eyJ.secret.token", token: "t" } as typeof member;
    expect(storedUserOf(withToken)).toEqual({ email: "ada@example.com", firstName: "Ada", blocked: false, experiments: { referral_badge_2: "new_badge" } });
    const storage = memoryStorage();
    syncUserState(withToken, storage);
    const saved = storage.map.get(USER_STORAGE_KEY)!;
    expect(JSON.parse(saved)).toEqual(storedUserOf(member));
    expect(saved).not.toMatch(/token|secret/i);
  });

  it("is removed when nobody is signed in, and by clearUserState (sign out)", () => {
    const storage = memoryStorage();
    syncUserState(member, storage);
    syncUserState(signedOut, storage);
    expect(storage.map.has(USER_STORAGE_KEY)).toBe(false);
    syncUserState(member, storage);
    clearUserState(storage);
    expect(storage.map.has(USER_STORAGE_KEY)).toBe(false);
  });

  it("blocked storage is not an error", () => {
    const blocked = { setItem: () => { throw new Error("blocked"); }, removeItem: () => { throw new Error("blocked"); } };
    expect(() => syncUserState(member, blocked)).not.toThrow();
    expect(() => clearUserState(blocked)).not.toThrow();
  });
});
