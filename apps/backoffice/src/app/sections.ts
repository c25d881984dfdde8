import type { RouteObject } from 'react-router';
import { page } from './page-module';

/**
 * The back office's sections: each one's place in the navigation, the permission it needs to be shown (the server
 * still refuses what a role may not do), and its pages. A feature adds its section here.
 */
export interface Section {
  id: string;
  label: string;
  /** Where the navigation link leads (relative to /admin/). */
  to: string;
  group: 'store' | 'settings';
  /** Shown only to staff holding it (`orders:read`…); absent: everyone signed in. */
  permission?: string;
  routes: RouteObject[];
}

export const sections: Section[] = [
  {
    id: 'home',
    label: 'Home',
    to: '/',
    group: 'store',
    routes: [{ index: true, lazy: page(() => import('../features/home/home-route')) }],
  },
  {
    id: 'api-keys',
    label: 'API keys',
    to: '/settings/api-keys',
    group: 'settings',
    permission: 'api-keys:manage',
    routes: [{ path: 'settings/api-keys', lazy: page(() => import('../features/api-keys/api-keys-route')) }],
  },
];
