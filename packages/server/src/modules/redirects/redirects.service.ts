import type { Database } from '@merx/db';
import { AppError, invalid } from '@merx/domain';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { newId, randomToken } from '../../lib/ids.js';
import { sha256 } from '../../lib/secrets.js';
import type { ClientService } from '../oauth/clients.service.js';

export const REDIRECT_SESSION_NOT_FOUND = 'REDIRECT_SESSION_NOT_FOUND';
/** Redirect sessions are good for 30 minutes. */
const TTL = 30 * 60;

const url = z.string().max(2000);
const authRequest = z.object({
  redirectUri: url,
  clientId: z.string().max(200),
  codeChallenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url SHA-256 digest (43 characters)'),
  codeChallengeMethod: z.literal('S256'),
  responseMode: z.enum(['fragment', 'query', 'web_message']).optional(),
  responseType: z.literal('code'),
  scope: z.string().max(200).optional(),
  state: z.string().min(1).max(500),
  sessionToken: z.string().max(500).optional(),
  idp: z.string().max(200).optional(),
});

export const redirectSessionRequest = z.object({
  auth: z.object({ authRequest, prompt: z.enum(['login', 'none', 'consent', 'select_account']).optional() }).optional(),
  login: z.object({}).passthrough().optional(),
  logout: z.object({ clientId: z.string().max(200).optional() }).optional(),
  ecomCheckout: z.object({ checkoutId: z.string().min(1).max(200) }).optional(),
  storesProduct: z.object({ productSlug: z.string().min(1).max(500) }).optional(),
  bookingsCheckout: z.unknown().optional(),
  bookingsBook: z.unknown().optional(),
  eventsCheckout: z.unknown().optional(),
  paidPlansCheckout: z.unknown().optional(),
  ecomOrderPaymentRequest: z.unknown().optional(),
  callbacks: z
    .object({
      postFlowUrl: url.optional(),
      thankYouPageUrl: url.optional(),
      cartPageUrl: url.optional(),
      loginUrl: url.optional(),
      bookingsServiceListUrl: url.optional(),
      planListUrl: url.optional(),
    })
    .passthrough()
    .optional(),
  preferences: z
    .object({ useGenericWixPages: z.boolean().optional(), maintainIdentity: z.boolean().optional() })
    .passthrough()
    .optional(),
  origin: z.string().max(200).optional(),
});
export type RedirectSessionRequest = z.infer<typeof redirectSessionRequest>;
export type AuthRequest = z.infer<typeof authRequest>;

const INTENTS = ['auth', 'login', 'logout', 'ecomCheckout', 'storesProduct'] as const;
const UNSUPPORTED = [
  'bookingsCheckout',
  'bookingsBook',
  'eventsCheckout',
  'paidPlansCheckout',
  'ecomOrderPaymentRequest',
] as const;
export type Intent = (typeof INTENTS)[number];

export interface RedirectSession {
  id: string;
  shortId: string;
  intent: Intent;
  request: RedirectSessionRequest;
  expired: boolean;
  /** The visitor whose token created the session (their cart follows them when they sign in). */
  visitorId: string | null;
}

/**
 * Who made a session, as the checkout hand-off needs it: a visitor or member (their own checkout), an elevated
 * caller (an API key or staff acting for the checkout's owner, whoever that is), or nobody (no hand-off: the page
 * opens with the browser's own identity).
 */
export type SessionMaker = { kind: 'visitor' | 'member'; id: string } | { kind: 'checkout-owner' } | { kind: 'none' };

/** One-time keys of checkout hand-offs: 24 random bytes. */
const HAND_OFF_KEY_BYTES = 24;

/**
 * Redirect sessions (WIRE.md 3): the intent and its callbacks behind a hosted URL. Auth sessions are checked
 * against the client registry here, so the hosted page never redirects anywhere unregistered.
 */
export function createRedirectService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  clients: ClientService;
  publicUrl: string;
}) {
  const base = deps.publicUrl.replace(/\/+$/, '');

  /** A callback URL must be on the store's own origin or an origin a registered client allows. */
  async function assertCallback(field: string, value: string | undefined): Promise<void> {
    if (value === undefined) return;
    let origin: string;
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('scheme');
      origin = parsed.origin;
    } catch {
      throw invalid(field, 'must be an absolute http or https URL', 'FORMAT');
    }
    if (origin === new URL(base).origin) return;
    const clients = await deps.clients.list();
    if (
      !clients.some(
        (c) => c.allowedOrigins.includes(origin) || c.redirectUris.some((u) => new URL(u).origin === origin),
      )
    ) {
      throw invalid(field, "must be on an origin registered for one of the store's OAuth clients", 'VALIDATION');
    }
  }

  function fullUrlOf(intent: Intent, id: string, request: RedirectSessionRequest, key: string | undefined): string {
    switch (intent) {
      case 'ecomCheckout': {
        const checkoutId = encodeURIComponent(request.ecomCheckout?.checkoutId ?? '');
        const handOff = key ? `&key=${key}` : '';
        return `${base}/checkout?checkoutId=${checkoutId}&redirectSessionId=${id}${handOff}`;
      }
      case 'storesProduct':
        return `${base}/products/${encodeURIComponent(request.storesProduct?.productSlug ?? '')}`;
      default:
        return `${base}/auth/session/${id}`;
    }
  }

  return {
    async create(request: RedirectSessionRequest, maker: SessionMaker = { kind: 'none' }) {
      const visitorId = maker.kind === 'visitor' ? maker.id : null;
      const present = INTENTS.filter((k) => request[k] !== undefined);
      const unsupported = UNSUPPORTED.filter((k) => request[k] !== undefined);
      if (unsupported.length > 0) {
        throw invalid(unsupported[0] as string, 'is not offered by this store', 'FIELD_NOT_ALLOWED');
      }
      if (present.length !== 1) {
        throw invalid('', `must hold exactly one of ${INTENTS.join(', ')}`, 'ONE_OF_ALIGNMENT');
      }
      const intent = present[0] as Intent;
      if (intent === 'auth') {
        const auth = request.auth?.authRequest as AuthRequest;
        const client = await deps.clients.find(auth.clientId);
        if (!client) throw invalid('auth.authRequest.clientId', 'is not a registered client', 'VALIDATION');
        if (!client.redirectUris.includes(auth.redirectUri)) {
          throw invalid('auth.authRequest.redirectUri', 'is not registered for this client', 'VALIDATION');
        }
        if (auth.responseMode === 'web_message' && client.allowedOrigins.length === 0) {
          throw invalid(
            'auth.authRequest.responseMode',
            'web_message needs an allowed origin on the client',
            'VALIDATION',
          );
        }
      }
      if (intent === 'logout' && request.logout?.clientId && !(await deps.clients.find(request.logout.clientId))) {
        throw invalid('logout.clientId', 'is not a registered client', 'VALIDATION');
      }
      for (const [key, value] of Object.entries(request.callbacks ?? {})) {
        if (typeof value === 'string') await assertCallback(`callbacks.${key}`, value);
      }
      const id = newId();
      const shortId = randomToken(9);
      const now = deps.clock.now();
      // A checkout session made by someone carries a one-time key: the browser that opens it becomes that buyer.
      const key = intent === 'ecomCheckout' && maker.kind !== 'none' ? randomToken(HAND_OFF_KEY_BYTES) : undefined;
      await deps.db
        .insertInto('redirect_sessions')
        .values({
          id,
          short_id: shortId,
          intent,
          request: JSON.stringify(request),
          created_date: now.toISOString(),
          expires_date: new Date(now.getTime() + TTL * 1000).toISOString(),
          visitor_id: visitorId,
          subject_kind: key ? maker.kind : null,
          subject_id: key && 'id' in maker ? maker.id : null,
          hand_off_hash: key ? sha256(key) : null,
        })
        .execute();
      const fullUrl = fullUrlOf(intent, id, request, key);
      const parsed = new URL(fullUrl);
      return {
        redirectSession: {
          id,
          fullUrl,
          urlDetails: {
            endpoint: `${parsed.origin}${parsed.pathname}`,
            searchParams: Object.fromEntries(parsed.searchParams),
          },
          sessionToken: request.auth?.authRequest.sessionToken ?? randomToken(16),
          shortId,
        },
      };
    },

    async get(id: string): Promise<RedirectSession> {
      const row = await deps.db.selectFrom('redirect_sessions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', REDIRECT_SESSION_NOT_FOUND, 'This sign-in link is not valid');
      return {
        id: row.id,
        shortId: row.short_id,
        intent: row.intent as Intent,
        request: JSON.parse(row.request) as RedirectSessionRequest,
        expired: row.expires_date <= deps.clock.now().toISOString(),
        visitorId: row.visitor_id,
      };
    },
  };
}

export type RedirectService = ReturnType<typeof createRedirectService>;
