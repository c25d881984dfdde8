/** Key/value store settings (store name, currency, signing secrets); `value` is JSON text. */
export interface SettingsTable {
  key: string;
  value: string;
}
