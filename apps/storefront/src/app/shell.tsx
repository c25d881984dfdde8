import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { focusHeadingOnNextPage } from '../components/page-title';
import { Loading } from '../components/states';
import { itemCount, useCart } from '../features/cart/api/cart';
import { CartDrawer } from '../features/cart/components/cart-drawer';
import { useNavCollections } from '../features/catalog/api/collections';
import { bootNow } from '../lib/boot';
import { setCartDrawerOpen } from '../lib/cart-drawer';
import { signedInNow } from '../lib/shop';
import { startSignIn } from '../lib/sign-in';

const boot = bootNow();

function CartButton() {
  const { data: cart } = useCart();
  const count = itemCount(cart);
  return (
    <button type="button" className="header__cart" onClick={() => setCartDrawerOpen(true)}>
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 7h12l-1 13H7L6 7Z" />
        <path d="M9 7a3 3 0 0 1 6 0" />
      </svg>
      <span className="visually-hidden">Cart, </span>
      <span className="badge" aria-live="polite">
        {count}
        <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span>
      </span>
    </button>
  );
}

function Search() {
  const navigate = useNavigate();
  return (
    <search className="header__search">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
          navigate(q ? `/shop?q=${encodeURIComponent(q)}` : '/shop');
        }}
      >
        <label htmlFor="site-search" className="visually-hidden">
          Search products
        </label>
        <input id="site-search" name="q" type="search" placeholder="Search products" />
      </form>
    </search>
  );
}

/**
 * After each navigation (not the first page), the next page's heading takes the focus. Marked while the shell
 * renders, before the page's own effects run (children's effects run first).
 */
function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  if (last.current !== pathname) {
    last.current = pathname;
    focusHeadingOnNextPage();
  }
}

/**
 * The store's sections. On a phone they do not fit in a row: a menu button (shown by base.css under 720px) opens
 * them as a list; Escape or a chosen link closes it, and the focus goes back to the button.
 */
function MainNav() {
  const collections = useNavCollections();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  // A new page closes the menu (the page's heading takes the focus then).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path on purpose
  useEffect(() => setOpen(false), [pathname]);
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next) requestAnimationFrame(() => nav.current?.querySelector('a')?.focus());
  };
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <div className="header__menu">
      <button
        ref={button}
        type="button"
        className="header__menu-button"
        aria-expanded={open}
        aria-controls="main-navigation"
        onClick={toggle}
      >
        <svg
          aria-hidden="true"
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
        <span className="visually-hidden">Menu</span>
      </button>
      <nav
        ref={nav}
        id="main-navigation"
        aria-label="Main"
        className={`header__nav${open ? ' header__nav--open' : ''}`}
      >
        <NavLink to="/shop" end>
          Shop all
        </NavLink>
        {collections.map((c) => (
          <NavLink key={c.id} to={`/collections/${c.slug}`}>
            {c.name}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

/**
 * "Account" for a member; "Sign in" for a visitor starts the hosted sign-in at once and comes back to this page
 * (the account page's panel, with "Create an account", stays at /account for a click that opens it elsewhere).
 */
function AccountLink() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  if (signedInNow())
    return (
      <Link to="/account" className="header__account">
        Account
      </Link>
    );
  return (
    <Link
      to="/account"
      className="header__account"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        void startSignIn(`${pathname}${search}`).catch(() => navigate('/account'));
      }}
    >
      Sign in
    </Link>
  );
}

/** Header with the store's name, navigation, search, account and cart; the page; the footer; the cart drawer. */
export function Shell() {
  const navigation = useNavigation();
  useFocusOnNavigate();
  const name = boot?.storeName ?? 'Shop';
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="header">
        <div className="header__inner container">
          <Link to="/" className="header__brand">
            {boot?.logoUrl ? <img src={boot.logoUrl} alt="" width={32} height={32} /> : null}
            <span>{name}</span>
          </Link>
          <MainNav />
          <Search />
          <AccountLink />
          <CartButton />
        </div>
        {navigation.state === 'loading' ? <div className="progress" aria-hidden="true" /> : null}
      </header>
      <main id="main">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="footer">
        <div className="container footer__inner">
          <p>
            © {new Date().getFullYear()} {name}
          </p>
          <nav aria-label="Footer">
            <Link to="/shop">Shop</Link>
            <Link to="/cart">Cart</Link>
            <Link to="/account">Account</Link>
          </nav>
        </div>
      </footer>
      <CartDrawer />
      <ScrollRestoration />
    </>
  );
}
