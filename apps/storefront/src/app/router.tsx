import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
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

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Shell,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: page(() => import('../features/home/route')) },
      { path: 'shop', lazy: page(() => import('../features/catalog/route')) },
      { path: 'collections/:slug', lazy: page(() => import('../features/catalog/route')) },
      { path: 'product-page/:slug', lazy: page(() => import('../features/product/route')) },
      // Where the server's product links lead (cart lines, the storesProduct redirect intent).
      { path: 'products/:slug', lazy: page(() => import('../features/product/route')) },
      { path: 'cart', lazy: page(() => import('../features/cart/route')) },
      { path: 'checkout', lazy: page(() => import('../features/checkout/route')) },
      { path: 'thank-you/:orderId', lazy: page(() => import('../features/checkout/confirmation-route')) },
      { path: 'callback', lazy: page(() => import('../features/auth/route')) },
      { path: 'account/*', lazy: page(() => import('../features/account/route')) },
      { path: '*', lazy: page(() => import('./not-found')) },
    ],
  },
]);
