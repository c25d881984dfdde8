/**
 * @merx/sdk: the typed client of a Merx store. `createClient({ baseUrl, auth, modules })` with an auth strategy
 * (`OAuthStrategy` for storefronts, `ApiKeyStrategy` for scripts) and the modules you use.
 */
export { ApiKeyStrategy } from './auth/api-key.js';
export {
  type CookieJar,
  type CookieOptions,
  getCookie,
  removeCookie,
  serializeCookie,
  setCookie,
} from './auth/cookies.js';
export { DIRECT_LOGIN_TIMEOUT_MS } from './auth/frame.js';
export type { LoginErrorCode, LoginResult, LoginState } from './auth/login-states.js';
export {
  type AuthUrlOptions,
  type OAuthData,
  OAuthStrategy,
  type OAuthStrategyInstance,
  type OAuthStrategyOptions,
  type ParsedCallback,
} from './auth/oauth.js';
export {
  codeChallengeOf,
  generateCodeVerifier,
  generatePkce,
  generateState,
  PKCE_ALPHABET,
  PKCE_MAX_LENGTH,
  PKCE_MIN_LENGTH,
} from './auth/pkce.js';
export { StaffStrategy, type StaffStrategyInstance, type StaffStrategyOptions } from './auth/staff.js';
export { cookieStorage, localStorageStorage, memoryStorage } from './auth/storage.js';
export {
  type AccessToken,
  type AuthStrategy,
  EMPTY_TOKENS,
  type RefreshToken,
  type TokenRole,
  type TokenStorage,
  type Tokens,
} from './auth/types.js';
export { type ClientOptions, createClient, type MerxClient } from './client.js';
export { type Clock, systemClock } from './clock.js';
export { GET_FALLBACK_THRESHOLD } from './encoding.js';
export {
  type ClientErrorCode,
  type FailedRequest,
  type FieldViolation,
  MerxApplicationError,
  MerxClientError,
  MerxError,
  MerxHttpError,
  MerxOAuthError,
  MerxSystemError,
  MerxValidationError,
} from './errors.js';
export type { CallOptions, Transport } from './http.js';
export { type EventStream, type EventsModule, events, type ListenOptions, listen } from './listen.js';
export type { ModuleFactory } from './module.js';
export {
  type AbandonedCheckout,
  type AbandonedCheckoutsModule,
  abandonedCheckouts,
} from './modules/abandoned-checkouts.js';
export { type ApiKey, type ApiKeysModule, apiKeys } from './modules/api-keys.js';
export { type AuditEntry, type AuditLogModule, auditLog } from './modules/audit-log.js';
export { type Brand, type BrandsModule, brands } from './modules/brands.js';
export { type CategoriesModule, type Category, categories } from './modules/categories.js';
export { type CheckoutModule, checkout } from './modules/checkout.js';
export { type CollectionsModule, collections } from './modules/collections.js';
export { type CouponCheckModule, type CouponCheckResponse, couponCheck } from './modules/coupon-check.js';
export { type CurrentCartModule, currentCart } from './modules/current-cart.js';
export { type Customization, type CustomizationsModule, customizations } from './modules/customizations.js';
export {
  type Coupon,
  type CouponsModule,
  coupons,
  type DiscountRule,
  type DiscountRulesModule,
  discountRules,
} from './modules/discount-rules.js';
export { type IdentityModule, identity } from './modules/identity.js';
export {
  type IdentityProvider,
  type IdentityProviderInput,
  type IdentityProvidersModule,
  identityProviders,
} from './modules/identity-providers.js';
export { type InfoSection, type InfoSectionsModule, infoSections } from './modules/info-sections.js';
export {
  type DecrementLine,
  type IncrementLine,
  type InventoryItem,
  type InventoryItemResponse,
  type InventoryItemUpdate,
  type InventoryModule,
  type InventoryVariant,
  inventory,
} from './modules/inventory.js';
export { type InventoryChange, type InventoryChangesModule, inventoryChanges } from './modules/inventory-changes.js';
export {
  type InventoryItemsV3Module,
  type InventoryItemV3Data,
  inventoryItemsV3,
} from './modules/inventory-items-v3.js';
export { type MailMessage, type MailMessagesModule, mailMessages } from './modules/mail-messages.js';
export {
  type MediaFile,
  type MediaModule,
  media,
  type UploadableFile,
  type UploadOptions,
  type UploadProgress,
  type VideoWithPoster,
} from './modules/media.js';
export { type MemberFactorsModule, memberFactors, type TotpEnrolment } from './modules/member-factors.js';
export { type MemberSettings, type MemberSettingsModule, memberSettings } from './modules/member-settings.js';
export { type MembersModule, members } from './modules/members.js';
export { type OAuthClient, type OAuthClientsModule, oauthClients } from './modules/oauth-clients.js';
export { type OrderFulfillmentsModule, orderFulfillments } from './modules/order-fulfillments.js';
export { type OrdersModule, orders } from './modules/orders.js';
export { type OrdersSettingsModule, ordersSettings } from './modules/orders-settings.js';
export { type PayLinksModule, type PaymentState, payLinks } from './modules/pay-links.js';
export {
  type PaymentsConfig,
  type PaymentsModule,
  payments,
  type SavedPaymentMethod,
  type StripePaymentIntent,
  type StripeSettings,
  type StripeSettingsPatch,
  type StripeSyncResult,
} from './modules/payments.js';
export {
  type ImportProductsOptions,
  type ProductCsvModule,
  type ProductImport,
  type ProductImportError,
  type ProductImportSummary,
  productCsv,
} from './modules/product-csv.js';
export { type ProductsModule, products } from './modules/products.js';
export {
  type AdjustValue,
  type ByFilter,
  type InventoryResults,
  type ProductsV3BulkAnswer,
  type ProductsV3Module,
  type ProductsV3Page,
  type ProductV3Aggregation,
  type ProductV3AggregationResult,
  type ProductV3BulkOptions,
  type ProductV3BulkResult,
  type ProductV3Data,
  type ProductV3ReadOptions,
  type ProductV3Search,
  type ProductV3Tags,
  productsV3,
} from './modules/products-v3.js';
export {
  fetchPublicConfig,
  type PublicConfig,
  type PublicConfigModule,
  publicConfig,
} from './modules/public-config.js';
export { type ReadOnlyVariant, type ReadOnlyVariantsModule, readOnlyVariants } from './modules/read-only-variants.js';
export {
  type RecommendationAlgorithmInfo,
  type RecommendationOptions,
  type RecommendationResponse,
  type RecommendationsModule,
  recommendations,
} from './modules/recommendations.js';
export {
  type RedirectSession,
  type RedirectSessionRequest,
  type RedirectsModule,
  redirects,
} from './modules/redirects.js';
export { type Ribbon, type RibbonsModule, ribbons } from './modules/ribbons.js';
export { type ShipToCountry, type ShipToModule, shipTo } from './modules/ship-to.js';
export {
  type DeliveryRegion,
  type ShippingOption,
  type ShippingOptionsModule,
  shippingOptions,
} from './modules/shipping-options.js';
export type { StaffFactor, StaffFactorType } from './modules/staff.js';
export { type StaffInvitation, type StaffMember, type StaffModule, type StaffRole, staff } from './modules/staff.js';
export {
  type BusinessAddress,
  type StoreSettings,
  type StoreSettingsModule,
  type StoreSettingsPatch,
  storeSettings,
} from './modules/store-settings.js';
export { type AdditionalFee, type TaxesModule, type TaxRegion, type TaxSettings, taxes } from './modules/taxes.js';
export { type TipSettings, type TipSettingsModule, tipSettings } from './modules/tip-settings.js';
export {
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryQuery,
  type WebhookEndpoint,
  type WebhooksModule,
  webhooks,
} from './modules/webhooks.js';
export {
  DEFAULT_PAGE_SIZE,
  type Filter,
  type PlatformQuery,
  QueryBuilder,
  type QueryResult,
  type SortEntry,
} from './query.js';
export {
  isMerxEvent,
  parseWebhookEvent,
  signWebhook,
  verifyWebhookSignature,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookHeaders,
} from './webhooks.js';
