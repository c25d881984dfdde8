import { useState } from 'react';
import { NavLink, Route, Routes, useLocation } from 'react-router';
import { NotFound } from '../../components/not-found';
import { usePageTitle } from '../../components/page-title';
import { messageOf } from '../../lib/errors';
import { signedInNow } from '../../lib/shop';
import { signOut, startSignIn, startSignUp } from '../../lib/sign-in';
import { AddressesPage } from './components/addresses';
import { CardsPage } from './components/cards';
import { OrderDetail, Orders } from './components/orders';
import { ProfilePage } from './components/profile';
import { SecurityPage } from './components/security';
import './components/account.css';

function SignInPanel() {
  usePageTitle('Sign in');
  const { pathname } = useLocation();
  const [error, setError] = useState<unknown>();
  const go = () => startSignIn(pathname).catch(setError);
  return (
    <section className="container sign-in-panel">
      <h1>Your account</h1>
      <p>Sign in to see your orders, save addresses and check out faster. Your cart comes with you.</p>
      <p className="actions">
        <button type="button" className="button button--primary" onClick={go}>
          Sign in
        </button>
        <button type="button" className="button" onClick={() => startSignUp(pathname).catch(setError)}>
          Create an account
        </button>
      </p>
      {error ? (
        <p className="notice notice--error" role="alert">
          {messageOf(error)}
        </p>
      ) : null}
    </section>
  );
}

/** The member's account: orders, profile, addresses, saved cards, sign-in security, sign out; a sign-in panel for visitors. */
export function Component() {
  const [leaving, setLeaving] = useState(false);
  if (!signedInNow()) return <SignInPanel />;
  return (
    <div className="container account">
      <nav className="account__nav" aria-label="Account">
        <NavLink to="/account" end>
          Orders
        </NavLink>
        <NavLink to="/account/profile">Profile</NavLink>
        <NavLink to="/account/addresses">Addresses</NavLink>
        <NavLink to="/account/cards">Saved cards</NavLink>
        <NavLink to="/account/security">Sign-in security</NavLink>
        <button
          type="button"
          className="link-button"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut().catch(() => setLeaving(false));
          }}
        >
          Sign out
        </button>
      </nav>
      <div>
        <Routes>
          <Route index element={<Orders />} />
          <Route path="orders/:id" element={<OrderDetail />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="addresses" element={<AddressesPage />} />
          <Route path="cards" element={<CardsPage />} />
          <Route path="security" element={<SecurityPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </div>
    </div>
  );
}
