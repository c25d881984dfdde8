import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { ConfirmHost, ToastHost } from '../components/overlays';
import { Loading } from '../components/states';
import { useBoot } from '../lib/boot';
import { useCan, useMe } from '../lib/me';
import { signedInNow, signOut, startSignIn } from '../lib/session';
import { GlobalSearch } from './global-search';
import { type Section, sections } from './sections';

/** A link lights up for the pages below it, unless another section lives there (Home, All settings). */
const exactOnly = (s: Section) => s.to === '/' || sections.some((o) => o !== s && o.to.startsWith(`${s.to}/`));

function NavGroup({ label, items }: { label: string; items: Section[] }) {
  if (items.length === 0) return null;
  return (
    <div className="nav__group">
      <h2 className="nav__heading">{label}</h2>
      <ul>
        {items.map((s) => (
          <li key={s.id}>
            <NavLink to={s.to} end={exactOnly(s)}>
              {s.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AccountMenu() {
  const { data: me } = useMe();
  return (
    <details className="account-menu">
      <summary>
        <span className="visually-hidden">Account: </span>
        {me?.name ?? 'Account'}
      </summary>
      <div className="account-menu__panel">
        {me ? (
          <p className="account-menu__who">
            {me.email}
            <br />
            <span className="muted">{me.role === 'staff' ? 'Staff' : me.role === 'admin' ? 'Admin' : 'Owner'}</span>
          </p>
        ) : null}
        <ul>
          {sections.some((s) => s.id === 'account') ? (
            <li>
              <Link to="/account">Your account</Link>
            </li>
          ) : null}
          <li>
            <a href="/" target="_blank" rel="noreferrer">
              View the shop
            </a>
          </li>
          <li>
            <button type="button" className="button--link" onClick={() => void signOut()}>
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </details>
  );
}

/**
 * The back office's frame: the side navigation (what the staff member may see), the top bar with search and
 * account, the page, toasts and the confirmation dialog. Without a sign-in it sends the person to sign in first.
 */
export function Shell() {
  const signedIn = signedInNow();
  const boot = useBoot();
  const can = useCan();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  useEffect(() => {
    if (!signedIn) void startSignIn();
  }, [signedIn]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes on every navigation (a new pathname)
  useEffect(() => setNavOpen(false), [pathname]);
  if (!signedIn) {
    return (
      <main className="signin-state">
        <Loading label="Taking you to sign in…" />
      </main>
    );
  }
  const visible = sections.filter((s) => !s.permission || can(s.permission));
  return (
    <div className={`shell${navOpen ? ' shell--nav-open' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="topbar__menu"
          aria-expanded={navOpen}
          aria-controls="side-nav"
          onClick={() => setNavOpen((o) => !o)}
        >
          <span className="visually-hidden">Menu</span>
          <span aria-hidden="true">☰</span>
        </button>
        <Link to="/" className="topbar__store">
          {boot.logoUrl ? <img src={boot.logoUrl} alt="" width="28" height="28" /> : null}
          <span>{boot.storeName}</span>
        </Link>
        <GlobalSearch />
        <AccountMenu />
      </header>
      <nav id="side-nav" className="nav" aria-label="Back office">
        <NavGroup label="Store" items={visible.filter((s) => s.group === 'store')} />
        <NavGroup label="Settings" items={visible.filter((s) => s.group === 'settings')} />
      </nav>
      <main id="main" className="main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
        <Outlet />
      </main>
      <ToastHost />
      <ConfirmHost />
    </div>
  );
}
