import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../components/page-title';
import { Loading } from '../../components/states';
import { messageOf } from '../../lib/errors';
import { finishSignIn, startSignIn } from '../../lib/sign-in';

/** Where the hosted sign-in page sends the shopper back (`/callback#code=…&state=…`). */
export function Component() {
  usePageTitle('Signing in');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState<unknown>();
  const started = useRef(false);
  useEffect(() => {
    // Once: a code is single-use (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    finishSignIn()
      .then((to) => {
        client.clear();
        navigate(to, { replace: true });
      })
      .catch(setError);
  }, [client, navigate]);
  if (!error) return <Loading label="Signing you in…" />;
  return (
    <section className="container state" role="alert">
      <h1>We could not sign you in</h1>
      <p>{messageOf(error)}</p>
      <button type="button" className="button button--primary" onClick={() => void startSignIn('/account')}>
        Try again
      </button>
    </section>
  );
}
