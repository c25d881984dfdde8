import type { LoaderFunctionArgs } from 'react-router';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { isNotFound } from '../../lib/errors';
import { useCan } from '../../lib/me';
import { holds } from '../../lib/permissions';
import { queryClient } from '../../lib/query-client';
import { claimsNow } from '../../lib/session';
import { memberOrdersQuery, memberSpendQuery } from './api/member-orders';
import { memberQuery, useMember } from './api/members';
import { MemberActions } from './components/member-actions';
import { MemberOrders } from './components/member-orders';
import { AddressesCard, ProfileCard } from './components/member-profile';
import { hasName, nameOf, StatusBadge } from './components/member-words';
import './customers.css';

const crumbs = [{ label: 'Customers', to: '/customers' }];

/**
 * A customer's page (a detail page without a form: nothing here is edited, so no save bar): their orders and what
 * they spent, who they are, their addresses, and approve, block, unblock or delete as their status allows.
 */
export function Component() {
  const { id = '' } = useParams();
  const can = useCan();
  const member = useMember(id);
  if (!member.data) {
    return (
      <Page title={member.isPending ? 'Customer' : 'Customer not found'} crumbs={crumbs}>
        {member.isPending ? (
          <Loading label="Loading the customer…" />
        ) : isNotFound(member.error) ? (
          <Empty title="This customer does not exist" action={<Link to="/customers">Back to customers</Link>}>
            They may have been deleted.
          </Empty>
        ) : (
          <ErrorState error={member.error} retry={() => void member.refetch()} />
        )}
      </Page>
    );
  }
  const m = member.data;
  return (
    <Page
      title={nameOf(m)}
      crumbs={crumbs}
      subtitle={
        <>
          {hasName(m) ? m.email.address : null}
          <StatusBadge status={m.status.name} />
        </>
      }
      actions={can('members:manage') ? <MemberActions member={m} /> : null}
    >
      <div className="columns">
        <div>
          {can('orders:read') ? (
            <MemberOrders memberId={m.id} />
          ) : (
            <p className="muted">Your role does not include orders, so this customer's orders are not shown.</p>
          )}
        </div>
        <div>
          <ProfileCard member={m} />
          <AddressesCard member={m} />
        </div>
      </div>
    </Page>
  );
}

/** Starts loading the customer (and their orders, for staff who may read them) while the page opens. */
export function warm({ params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  void queryClient.prefetchQuery(memberQuery(id));
  if (holds(claimsNow(), 'orders:read')) {
    void queryClient.prefetchQuery(memberOrdersQuery(id, undefined));
    void queryClient.prefetchQuery(memberSpendQuery(id));
  }
}
