import type { ApiKeysTable } from './tables/api-keys.js';
import type { AuditLogTable } from './tables/audit.js';
import type { CartTables } from './tables/carts.js';
import type { CheckoutTables } from './tables/checkouts.js';
import type { CollectionProductsTable, CollectionsTable } from './tables/collections.js';
import type { CustomizationsTable } from './tables/customizations.js';
import type { DiscountTables } from './tables/discounts.js';
import type {
  AuthCodesTable,
  ChallengesTable,
  IdentitiesTable,
  MailMessagesTable,
  OAuthClientsTable,
  RateLimitsTable,
  RedirectSessionsTable,
  RefreshTokensTable,
  SessionsTable,
  SigningKeysTable,
  StaffInvitationsTable,
} from './tables/identity.js';
import type {
  IdentityProviderLinksTable,
  IdentityProvidersTable,
  SsoStatesTable,
} from './tables/identity-providers.js';
import type { InfoSectionsTable } from './tables/info-sections.js';
import type { MediaFilesTable } from './tables/media.js';
import type { OrderTables } from './tables/orders.js';
import type { OutboxQueueTable, OutboxTable } from './tables/outbox.js';
import type {
  ProductImportErrorsTable,
  ProductImportPartsTable,
  ProductImportsTable,
  ProductImportUploadsTable,
} from './tables/product-imports.js';
import type {
  FacetTalliesTable,
  ProductFacetsTable,
  ProductInfoSectionsTable,
  ProductOptionChoicesTable,
  ProductVariantsTable,
} from './tables/product-variants.js';
import type { ProductsTable } from './tables/products.js';
import type { NamedCatalogTable } from './tables/ribbons-brands.js';
import type { SequencesTable } from './tables/sequences.js';
import type { SettingsTable } from './tables/settings.js';
import type { ShippingTables } from './tables/shipping.js';
import type {
  PaymentCustomersTable,
  SavedPaymentMethodsTable,
  StripeEventsTable,
  StripePaymentIntentsTable,
} from './tables/stripe.js';
import type {
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEndpointTypesTable,
} from './tables/webhooks.js';

/** Every table Merx keeps, by name. */
export interface Database extends DiscountTables, ShippingTables, CartTables, CheckoutTables, OrderTables {
  settings: SettingsTable;
  sequences: SequencesTable;
  api_keys: ApiKeysTable;
  audit_log: AuditLogTable;
  media_files: MediaFilesTable;
  outbox: OutboxTable;
  outbox_queue: OutboxQueueTable;
  products: ProductsTable;
  product_variants: ProductVariantsTable;
  product_option_choices: ProductOptionChoicesTable;
  product_facets: ProductFacetsTable;
  facet_tallies: FacetTalliesTable;
  product_info_sections: ProductInfoSectionsTable;
  collections: CollectionsTable;
  collection_products: CollectionProductsTable;
  signing_keys: SigningKeysTable;
  oauth_clients: OAuthClientsTable;
  identities: IdentitiesTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  auth_codes: AuthCodesTable;
  redirect_sessions: RedirectSessionsTable;
  challenges: ChallengesTable;
  rate_limits: RateLimitsTable;
  mail_messages: MailMessagesTable;
  staff_invitations: StaffInvitationsTable;
  product_import_uploads: ProductImportUploadsTable;
  product_import_parts: ProductImportPartsTable;
  product_imports: ProductImportsTable;
  product_import_errors: ProductImportErrorsTable;
  ribbons: NamedCatalogTable;
  brands: NamedCatalogTable;
  info_sections: InfoSectionsTable;
  customizations: CustomizationsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_endpoint_types: WebhookEndpointTypesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  identity_providers: IdentityProvidersTable;
  stripe_payment_intents: StripePaymentIntentsTable;
  stripe_events: StripeEventsTable;
  payment_customers: PaymentCustomersTable;
  saved_payment_methods: SavedPaymentMethodsTable;
  identity_provider_links: IdentityProviderLinksTable;
  sso_states: SsoStatesTable;
}

export type {
  ApiKeysTable,
  AuditLogTable,
  AuthCodesTable,
  ChallengesTable,
  CollectionProductsTable,
  CollectionsTable,
  CustomizationsTable,
  IdentitiesTable,
  IdentityProvidersTable,
  InfoSectionsTable,
  MailMessagesTable,
  MediaFilesTable,
  NamedCatalogTable,
  OAuthClientsTable,
  OutboxTable,
  ProductImportErrorsTable,
  ProductImportPartsTable,
  ProductImportsTable,
  ProductImportUploadsTable,
  ProductInfoSectionsTable,
  ProductOptionChoicesTable,
  ProductsTable,
  ProductVariantsTable,
  RateLimitsTable,
  RedirectSessionsTable,
  RefreshTokensTable,
  SessionsTable,
  SigningKeysTable,
  StaffInvitationsTable,
};
