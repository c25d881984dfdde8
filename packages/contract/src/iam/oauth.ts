import { z } from 'zod';

/*
 * OAuth as clients see it (WIRE.md 2 and 3): redirect sessions, the token endpoint's answer, the public config a
 * storefront starts from, and the OAuth clients staff register. The server validates with its own copies of these
 * shapes; these are what the SDK is typed from.
 */

const url = z.string().max(2000);

export const oauthPrompts = ['login', 'none', 'consent', 'select_account'] as const;
export type OAuthPrompt = (typeof oauthPrompts)[number];
export const oauthResponseModes = ['fragment', 'query', 'web_message'] as const;
export type OAuthResponseMode = (typeof oauthResponseModes)[number];

/** An OAuth authorization request: PKCE S256, response type code. */
export const authRequest = z.object({
  redirectUri: url,
  clientId: z.string().max(200),
  codeChallenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url SHA-256 digest (43 characters)'),
  codeChallengeMethod: z.literal('S256'),
  responseMode: z.enum(oauthResponseModes).optional(),
  responseType: z.literal('code'),
  scope: z.string().max(200).optional(),
  state: z.string().min(1).max(500),
  /** Signs the member in without the form (direct login, `prompt: 'none'`). */
  sessionToken: z.string().max(500).optional(),
  idp: z.string().max(200).optional(),
});
export type AuthRequest = z.infer<typeof authRequest>;

/** Exactly one intent (auth, login, logout, ecomCheckout or storesProduct), plus callbacks and preferences. */
export const redirectSessionRequest = z.object({
  auth: z.object({ authRequest, prompt: z.enum(oauthPrompts).optional() }).optional(),
  login: z.object({}).passthrough().optional(),
  logout: z.object({ clientId: z.string().max(200).optional() }).optional(),
  ecomCheckout: z.object({ checkoutId: z.string().min(1).max(200) }).optional(),
  storesProduct: z.object({ productSlug: z.string().min(1).max(500) }).optional(),
  callbacks: z
    .object({
      postFlowUrl: url.optional(),
      thankYouPageUrl: url.optional(),
      cartPageUrl: url.optional(),
      loginUrl: url.optional(),
    })
    .passthrough()
    .optional(),
  preferences: z
    .object({ useGenericWixPages: z.boolean().optional(), maintainIdentity: z.boolean().optional() })
    .passthrough()
    .optional(),
  origin: z.string().max(200).optional(),
});
export type RedirectSessionRequest = z.input<typeof redirectSessionRequest>;

export const redirectSession = z.object({
  id: z.string(),
  /** The hosted page to send the browser to. */
  fullUrl: z.string(),
  urlDetails: z.object({ endpoint: z.string(), searchParams: z.record(z.string(), z.string()) }),
  sessionToken: z.string(),
  shortId: z.string(),
});
export type RedirectSession = z.infer<typeof redirectSession>;
export const redirectSessionResponse = z.object({ redirectSession });

/**
 * The answer of `POST /oauth2/token` (200). `expires_in` is in seconds; the refresh token is absent when a refresh
 * grant keeps the one it was given.
 */
export const tokenResponse = z.object({
  access_token: z.string(),
  expires_in: z.union([z.number(), z.string()]),
  refresh_token: z.string().optional(),
  token_type: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** A refusal of `POST /oauth2/token`, in the OAuth form. */
export const tokenErrorResponse = z.object({ error: z.string(), error_description: z.string().optional() });

/** `GET /_api/merx/v1/public-config`: what a storefront or back office needs to start (public). */
export const publicConfig = z.object({
  storeName: z.string(),
  /** The OAuth client id a storefront signs visitors and members in with. */
  storefrontClientId: z.string().optional(),
  backofficeClientId: z.string().optional(),
  /** The captcha a storefront shows while the store asks members for one (all four absent otherwise). */
  captchaProvider: z.enum(['recaptcha', 'hcaptcha', 'turnstile']).optional(),
  /** The provider's widget script. */
  captchaScriptUrl: z.string().optional(),
  /** The two public site keys of spec section 9 ("" when not set). */
  captchaInvisibleSiteKey: z.string().optional(),
  captchaVisibleSiteKey: z.string().optional(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

// ---------- OAuth clients (`/_api/merx/v1/oauth-clients`, staff) ----------

export const oauthClientKinds = ['storefront', 'backoffice', 'custom'] as const;

export const oauthClient = z.object({
  id: z.string(),
  name: z.string(),
  /** Clients registered through the API are `custom`; the store's own are made at setup. */
  kind: z.enum(oauthClientKinds),
  /** Exact redirect URIs the hosted sign-in may send codes to. */
  redirectUris: z.array(z.string()),
  /** Origins allowed to receive web_message answers and to call from a browser. */
  allowedOrigins: z.array(z.string()),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type OAuthClient = z.infer<typeof oauthClient>;

export const oauthClientInput = z.object({
  name: z.string().min(1).max(200),
  redirectUris: z.array(z.string().max(2000)).max(50).optional(),
  allowedOrigins: z.array(z.string().max(500)).max(50).optional(),
});
export type OAuthClientInput = z.input<typeof oauthClientInput>;
export const createOAuthClientRequest = z.object({ client: oauthClientInput });
export const updateOAuthClientRequest = z.object({ client: oauthClientInput.partial() });
export const oauthClientResponse = z.object({ client: oauthClient });
export const listOAuthClientsResponse = z.object({ clients: z.array(oauthClient) });

/** `GET /.well-known/jwks.json`: the public keys that verify access tokens (JWK, public). */
export const jwksResponse = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
