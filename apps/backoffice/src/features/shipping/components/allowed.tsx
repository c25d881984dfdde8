import type { ReactNode } from 'react';
import { Page } from '../../../components/page';
import { Empty } from '../../../components/states';
import { useCan } from '../../../lib/me';

/**
 * A page shown only to staff holding `permission`; others read why, instead of a list that fails to load (the
 * navigation already hides the page from them, and the server refuses them anyway).
 */
export function Allowed({ permission, title, children }: { permission: string; title: string; children: ReactNode }) {
  const can = useCan();
  if (can(permission)) return <>{children}</>;
  return (
    <Page title={title}>
      <Empty title="You don't have access to this page">
        It needs the “{permission}” permission. Ask the store's owner if you should have it.
      </Empty>
    </Page>
  );
}
