import type { LoaderFunctionArgs } from 'react-router';

/**
 * A page module (`features/<name>/…-route.tsx`): it exports `Component`, and may export `warm(args)`, which starts
 * its queries while the navigation happens (pages show their own loading states).
 */
export interface PageModule {
  Component: React.ComponentType;
  warm?: (args: LoaderFunctionArgs) => void;
}

/** A lazily loaded page: every page is its own chunk, so the back office's first load stays small. */
export const page = (load: () => Promise<PageModule>) => async () => {
  const mod = await load();
  return {
    Component: mod.Component,
    loader: (args: LoaderFunctionArgs) => {
      mod.warm?.(args);
      return null;
    },
  };
};
