import { Suspense, useRef } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { focusHeadingOnNextPage } from '../components/page-title';
import { Loading } from '../components/states';
import { itemCount, useCart } from '../features/cart/api/cart';
import { CartDrawer } from '../features/cart/components/cart-drawer';
import { useNavCollections } from '../features/catalog/api/collections';
import { bootNow } from '../lib/boot';
import { setCartDrawerOpen } from '../lib/cart-drawer';
import { signedInNow } from '../lib/shop';

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

/** Header with the store's name, navigation, search, account and cart; the page; the footer; the cart drawer. */
export function Shell() {
  const collections = useNavCollections();
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
          <nav aria-label="Main" className="header__nav">
            <NavLink to="/shop" end>
              Shop all
            </NavLink>
            {collections.map((c) => (
              <NavLink key={c.id} to={`/collections/${c.slug}`}>
                {c.name}
              </NavLink>
            ))}
          </nav>
          <Search />
          <Link to="/account" className="header__account">
            {signedInNow() ? 'Account' : 'Sign in'}
          </Link>
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
