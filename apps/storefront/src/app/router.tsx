import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { Loading } from '../components/states';
import { RouteError } from './route-error';
import { Shell } from './shell';

/**
 * Every page is its own chunk (`lazy`); a page module exports `Component` and may export `loader(queryClient)`,
 * which warms the query cache without holding the navigation (pages show their own loading states).
 */
type PageModule = {
  Component: React.ComponentType;
  warm?: (args: LoaderFunctionArgs) => void;
};

const page = (load: () => Promise<PageModule>) => async () => {
  const mod = await load();
  return {
    Component: mod.Component,
    loader: (args: LoaderFunctionArgs) => {
      mod.warm?.(args);
      return null;
    },
  };
};

/**
 * A page's route. Its module loads lazily, so on the first page load the router has nothing of it to show yet:
 * `HydrateFallback` fills the page's place under the shell meanwhile (without one React Router warns in the console).
 */
const shopPage = (path: string | undefined, load: () => Promise<PageModule>) => ({
  ...(path === undefined ? { index: true as const } : { path }),
  lazy: page(load),
  HydrateFallback: Loading,
});

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Shell,
    ErrorBoundary: RouteError,
    children: [
      shopPage(undefined, () => import('../features/home/route')),
      shopPage('shop', () => import('../features/catalog/route')),
      shopPage('collections/:slug', () => import('../features/catalog/route')),
      shopPage('product-page/:slug', () => import('../features/product/route')),
      // Where the server's product links lead (cart lines, the storesProduct redirect intent).
      shopPage('products/:slug', () => import('../features/product/route')),
      shopPage('cart', () => import('../features/cart/route')),
      shopPage('checkout', () => import('../features/checkout/route')),
      shopPage('thank-you/:orderId', () => import('../features/checkout/confirmation-route')),
      shopPage('callback', () => import('../features/auth/route')),
      shopPage('account/*', () => import('../features/account/route')),
      shopPage('*', () => import('./not-found')),
    ],
  },
]);
