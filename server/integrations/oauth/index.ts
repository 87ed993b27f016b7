import type { Env } from "../../env";
import { facebookProvider } from "./facebook";
import { googleProvider } from "./google";
import type { SocialProvider } from "./provider";

export type { FlowSecrets, SocialProfile, SocialProvider } from "./provider";
export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];

/** The configured provider of that name, or null when its client id and secret are not set. */
export function socialProvider(env: Env, name: SocialProviderName): SocialProvider | null {
  return name === "google" ? googleProvider(env) : facebookProvider(env);
}
