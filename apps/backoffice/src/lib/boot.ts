import { fetchPublicConfig } from '@merx/sdk';
import { useSyncExternalStore } from 'react';

/** What the back office needs before its first call: the store's name, money format and OAuth client. */
export interface Boot {
  storeName: string;
  currency: string;
  locale: string;
  logoUrl?: string;
  backofficeClientId?: string;
}

let booted: Promise<Boot> | undefined;

/**
 * The boot data the server writes into the page (no round trip); from the public config when the page has none
 * (the Vite dev server), with US dollars until the store settings say otherwise.
 */
export function boot(): Promise<Boot> {
  booted ??= (async () => {
    const script = document.getElementById('merx-boot');
    if (script?.textContent) return JSON.parse(script.textContent) as Boot;
    const config = await fetchPublicConfig({ baseUrl: location.origin });
    return { ...config, currency: 'USD', locale: navigator.language || 'en-US' };
  })();
  return booted;
}

/** The boot data when the page carries it (synchronous, for the first render). */
export function bootNow(): Boot {
  const text = document.getElementById('merx-boot')?.textContent;
  return text ? (JSON.parse(text) as Boot) : { storeName: 'Store', currency: 'USD', locale: 'en-US' };
}

let current: Boot | undefined;
const listeners = new Set<() => void>();

/**
 * Changes this page's boot data after the store settings were saved (name, logo, locale), so that the top bar and
 * the page titles show them at once rather than after a reload.
 */
export function updateBoot(patch: Partial<Boot>): void {
  current = { ...(current ?? bootNow()), ...patch };
  const script = document.getElementById('merx-boot');
  if (script) script.textContent = JSON.stringify(current);
  for (const l of listeners) l();
}

/** The boot data, following `updateBoot`. */
export function useBoot(): Boot {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => {
      current ??= bootNow();
      return current;
    },
  );
}
