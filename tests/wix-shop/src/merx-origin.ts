/**
 * Points the Wix SDK at Merx. The SDK always calls https://www.wixapis.com and https://edge.wixapis.com, and its
 * OAuth helpers use the global fetch, so this wrapper goes on window.fetch before any client exists: requests to
 * either origin go to the Merx origin instead, everything else is untouched. Image addresses the SDK's media helpers
 * build on https://static.wixstatic.com are sent to Merx too (`mediaUrl`), since an <img> does not use fetch.
 */
declare global {
  interface Window {
    /** The Merx origin, set by the page that serves the shop (wins over the build-time VITE_MERX_API). */
    MERX_API?: string;
    /** The shop's OAuth client id registered in Merx (wins over VITE_WIX_CLIENT_ID). */
    WIX_CLIENT_ID?: string;
  }
}

const WIX_ORIGINS = ['https://www.wixapis.com', 'https://edge.wixapis.com'];
const WIX_MEDIA = 'https://static.wixstatic.com';

export const merxOrigin: string = (window.MERX_API ?? import.meta.env.VITE_MERX_API ?? '').replace(/\/+$/, '');
export const clientId: string = window.WIX_CLIENT_ID ?? import.meta.env.VITE_WIX_CLIENT_ID ?? '';

function toMerx(url: string): string | null {
  const origin = WIX_ORIGINS.find((o) => url === o || url.startsWith(`${o}/`));
  return origin ? merxOrigin + url.slice(origin.length) : null;
}

/** An image address for the page: one on Wix's media host is served by Merx under the same path. */
export function mediaUrl(url: string): string {
  return url.startsWith(`${WIX_MEDIA}/`) ? merxOrigin + url.slice(WIX_MEDIA.length) : url;
}

if (!merxOrigin) throw new Error('The shop needs the Merx origin: set window.MERX_API or VITE_MERX_API');

const browserFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  if (input instanceof Request) {
    const target = toMerx(input.url);
    return browserFetch(target ? new Request(target, input) : input, init);
  }
  const target = toMerx(input.toString());
  return browserFetch(target ?? input, init);
};
