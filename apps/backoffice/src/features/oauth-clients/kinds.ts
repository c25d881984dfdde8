import type { OAuthClient } from '@merx/sdk';

/** What each kind of client is, in words for the merchant. */
export const kindWords: Record<OAuthClient['kind'], string> = {
  storefront: 'Built-in shop',
  backoffice: 'Built-in back office',
  custom: 'Your app',
};

export const kindHelp: Record<OAuthClient['kind'], string> = {
  storefront:
    'The shop this store serves at its own address signs members in with this app. It came with the store and cannot be deleted, nor lose its addresses; add one here when the shop is also reached at another address.',
  backoffice:
    'This back office signs staff in with this app. It came with the store: it cannot be deleted, and its addresses stay (without them nobody could sign in to the back office); add one when the back office is also reached at another address.',
  custom:
    'A storefront or app of your own: members sign in on the store’s hosted page and are sent back only to the redirect URIs listed here.',
};
