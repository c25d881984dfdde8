// The fetch wrapper goes on first: the Wix client is made (and may fetch tokens) as soon as ./wix.js loads.
import './merx-origin.js';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { cartChanged, useCartCount } from './cart-count.js';
import { CartPage } from './pages/cart.js';
import { Collection } from './pages/collection.js';
import { Home } from './pages/home.js';
import { ProductPage } from './pages/product.js';
import { ThankYou } from './pages/thank-you.js';
import { Link, useLocation } from './router.js';
import './shop.css';
import { loadCart, startSession } from './wix.js';

function Page({ location }: { location: URL }) {
  const [, section, slug] = location.pathname.split('/');
  if (section === 'collections' && slug) return <Collection slug={decodeURIComponent(slug)} />;
  if (section === 'products' && slug) return <ProductPage slug={decodeURIComponent(slug)} />;
  if (section === 'cart') return <CartPage />;
  if (section === 'thank-you') return <ThankYou orderId={location.searchParams.get('orderId') ?? ''} />;
  if (!section) return <Home />;
  return <h1>Page not found</h1>;
}

function App() {
  const location = useLocation();
  const count = useCartCount();
  useEffect(() => {
    loadCart().then(cartChanged, () => undefined);
  }, []);
  return (
    <>
      <header className="header">
        <Link href="/" className="header__name">
          Corner Shop
        </Link>
        <Link href="/cart" aria-label={`Cart, ${count} items`}>
          Cart ({count})
        </Link>
      </header>
      <main key={location.pathname}>
        <Page location={location} />
      </main>
    </>
  );
}

const root = createRoot(document.getElementById('root') as HTMLElement);
startSession().then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => root.render(<p role="alert">The shop could not start: {String(error)}</p>),
);
