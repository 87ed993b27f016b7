/** What the shop needs from an outside identity provider (Google, Facebook). */
export interface SocialProfile {
  subject: string;
  email: string | null;
  /** The provider vouches that its user controls this address (Google's email_verified). */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SocialProvider {
  name: "google" | "facebook";
  authorizationUrl(p: { redirectUri: string } & FlowSecrets): Promise<string>;
  /** Throws when the provider refuses (a replayed code, a wrong state, a bad nonce, a bad signature...). */
  exchange(p: { code: string; state: string; iss?: string; redirectUri: string; expected: FlowSecrets }): Promise<SocialProfile>;
}
