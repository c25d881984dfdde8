import type { AbandonedCheckout } from '@merx/sdk';
import type { LoaderFunctionArgs } from 'react-router';
import { Link, useNavigate, useParams } from 'react-router';
import { Card, Page } from '../../components/page';
import { Empty, ErrorState, Loading } from '../../components/states';
import { confirmAction } from '../../lib/confirm';
import { isNotFound, messageOf } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/me';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../lib/toasts';
import { abandonedQuery, useAbandoned, useDeleteAbandoned } from './api/abandoned-checkouts';
import { activityLabel, buyerOf, RecoveryBadge } from './components/abandoned-words';
import { CheckoutLines } from './components/checkout-lines';
import { CopyLink } from './components/copy-link';
import './abandoned-checkouts.css';

const crumbs = [{ label: 'Abandoned checkouts', to: '/abandoned-checkouts' }];

function DeleteButton({ abandoned }: { abandoned: AbandonedCheckout }) {
  const remove = useDeleteAbandoned();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button button--danger"
      disabled={remove.isPending}
      onClick={async () => {
        const ok = await confirmAction({
          title: 'Delete this abandoned checkout?',
          message: 'It leaves the list for good, and an order placed from it later is not counted as recovered.',
          confirmLabel: 'Delete',
          tone: 'danger',
        });
        if (!ok) return;
        remove.mutate([abandoned.id], {
          onSuccess: (failed) => {
            if (failed.length) toast('It could not be deleted: it no longer exists.', 'error');
            else toast('Abandoned checkout deleted');
            navigate('/abandoned-checkouts');
          },
          onError: (e) => toast(messageOf(e), 'error'),
        });
      }}
    >
      Delete
    </button>
  );
}

function Recovery({ a }: { a: AbandonedCheckout }) {
  return (
    <Card title={a.status === 'RECOVERED' ? 'Recovered' : 'Recover this checkout'} id="recovery">
      {a.status === 'RECOVERED' ? (
        <p>
          The customer finished this checkout on {formatDateTime(a.checkoutRecoveredDate)}
          {a.orderId ? (
            <>
              {': '}
              <Link to={`/orders/${a.orderId}`}>see the order</Link>
            </>
          ) : null}
          .
        </p>
      ) : (
        <p>
          Send this link to the customer: it opens their checkout in your shop with everything they chose, and the order
          they place from it counts as recovered.
        </p>
      )}
      <CopyLink label="Recovery link" url={a.checkoutUrl} />
    </Card>
  );
}

function Buyer({ a }: { a: AbandonedCheckout }) {
  const can = useCan();
  const buyer = buyerOf(a);
  const email = a.buyerInfo.email;
  return (
    <Card title="Customer" id="buyer">
      <dl className="facts">
        <dt>Name</dt>
        <dd>{buyer.email ? buyer.name : '—'}</dd>
        <dt>Email</dt>
        <dd>{email ? <a href={`mailto:${email}`}>{email}</a> : '—'}</dd>
        {a.contactDetails?.phone ? (
          <>
            <dt>Phone</dt>
            <dd>{a.contactDetails.phone}</dd>
          </>
        ) : null}
        {a.contactDetails?.company ? (
          <>
            <dt>Company</dt>
            <dd>{a.contactDetails.company}</dd>
          </>
        ) : null}
        <dt>Account</dt>
        <dd>
          {a.buyerInfo.memberId ? (
            can('members:read') ? (
              <Link to={`/customers/${a.buyerInfo.memberId}`}>View customer</Link>
            ) : (
              'Signed-in customer'
            )
          ) : (
            'Guest'
          )}
        </dd>
      </dl>
    </Card>
  );
}

function Timeline({ a }: { a: AbandonedCheckout }) {
  const events = [
    { at: a.checkoutUpdatedDate, text: 'Last change to the checkout' },
    { at: a.createdDate, text: 'Marked abandoned' },
    ...a.activities.map((x) => ({ at: x.createdDate, text: activityLabel(x.type) })),
    ...(a.checkoutRecoveredDate ? [{ at: a.checkoutRecoveredDate, text: 'Order placed: recovered' }] : []),
  ].sort((x, y) => x.at.localeCompare(y.at));
  return (
    <Card title="History" id="history">
      <ol className="timeline">
        {events.map((e) => (
          <li key={`${e.at}-${e.text}`}>
            <span>{e.text}</span>
            <time dateTime={e.at} className="muted">
              {formatDateTime(e.at)}
            </time>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/**
 * An abandoned checkout (a detail page without a form, so no save bar): its recovery link to copy, what was in it,
 * who left it, and what happened since; deleting it is confirmed.
 */
export function Component() {
  const { id = '' } = useParams();
  const can = useCan();
  const abandoned = useAbandoned(id);
  const a = abandoned.data;
  if (!a) {
    return (
      <Page title={abandoned.isPending ? 'Abandoned checkout' : 'Abandoned checkout not found'} crumbs={crumbs}>
        {abandoned.isPending ? (
          <Loading label="Loading the checkout…" />
        ) : isNotFound(abandoned.error) ? (
          <Empty
            title="This abandoned checkout does not exist"
            action={<Link to="/abandoned-checkouts">Back to abandoned checkouts</Link>}
          >
            It may have been deleted.
          </Empty>
        ) : (
          <ErrorState error={abandoned.error} retry={() => void abandoned.refetch()} />
        )}
      </Page>
    );
  }
  return (
    <Page
      title={`Checkout of ${buyerOf(a).name}`}
      crumbs={crumbs}
      subtitle={
        <>
          Abandoned {formatDateTime(a.createdDate)}, worth {formatMoney(a.totalPrice.amount)}{' '}
          <RecoveryBadge status={a.status} />
        </>
      }
      actions={can('orders:write') ? <DeleteButton abandoned={a} /> : null}
    >
      <div className="columns">
        <div>
          <Recovery a={a} />
          <CheckoutLines a={a} />
        </div>
        <div>
          <Buyer a={a} />
          <Timeline a={a} />
        </div>
      </div>
    </Page>
  );
}

export function warm({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(abandonedQuery(params.id ?? ''));
}
