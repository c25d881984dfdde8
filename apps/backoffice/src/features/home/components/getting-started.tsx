import { Link } from 'react-router';
import { sections } from '../../../app/sections';
import { Card } from '../../../components/page';
import { useCan } from '../../../lib/me';
import { useSetup } from '../api/setup';

interface Step {
  id: string;
  title: string;
  text: string;
  action: string;
  to: string;
  /** Opens the shop in a new tab rather than a back-office page. */
  external?: boolean;
  done?: boolean | undefined;
}

/** Where a section lives, as its feature registered it (or where it is expected to be while it is being built). */
const pathOf = (ids: readonly string[], fallback: string) => sections.find((s) => ids.includes(s.id))?.to ?? fallback;

/** The first steps of a new store, each offered to those who may take it; shown until the first order. */
export function GettingStarted() {
  const can = useCan();
  const may = { catalog: can('catalog:read'), shipping: can('shipping:read'), staff: can('staff:read') };
  const setup = useSetup(may, true);
  const state = setup.data ?? {};
  const steps: Step[] = [];
  if (can('catalog:write'))
    steps.push({
      id: 'product',
      title: 'Add a product',
      text: 'Give it a name, a price, photos and how many you have in stock.',
      action: 'Add products',
      to: `${pathOf(['products'], '/products')}/new`,
      done: state.hasProducts,
    });
  if (can('shipping:write'))
    steps.push({
      id: 'shipping',
      title: 'Set up shipping',
      text: 'Say where you deliver, at what rates, and whether customers may pick up.',
      action: 'Set up shipping',
      to: pathOf(['shipping', 'shipping-options'], '/settings/shipping'),
      done: state.hasShipping,
    });
  steps.push({
    id: 'payments',
    title: 'Set up payments',
    text: 'Customers pay by card (the built-in test gateway for now) or offline, and you mark those orders paid. Try a test order with card 4242 4242 4242 4242.',
    action: 'Open the shop',
    to: '/',
    external: true,
  });
  if (can('staff:manage'))
    steps.push({
      id: 'staff',
      title: 'Invite your staff',
      text: 'Give each person their own sign-in, with only what their work needs.',
      action: 'Invite staff',
      to: pathOf(['staff'], '/settings/staff'),
      done: state.hasStaff,
    });
  const done = steps.filter((s) => s.done).length;
  return (
    <Card title="Get your store ready" id="getting-started">
      <p className="muted">
        {done} of {steps.length} done. This list stays until your first order.
      </p>
      <ol className="checklist">
        {steps.map((s) => (
          <li key={s.id} className={s.done ? 'checklist__step checklist__step--done' : 'checklist__step'}>
            <span className="checklist__mark" aria-hidden="true">
              {s.done ? '✓' : ''}
            </span>
            <div>
              <h3>
                {s.title}
                {s.done ? <span className="visually-hidden"> (done)</span> : null}
              </h3>
              <p>{s.text}</p>
              {s.external ? (
                <a href={s.to} target="_blank" rel="noreferrer">
                  {s.action}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                <Link to={s.to}>{s.action}</Link>
              )}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
