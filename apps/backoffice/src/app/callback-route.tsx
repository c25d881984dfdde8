import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState, Loading } from '../components/states';
import { finishSignIn, startSignIn } from '../lib/session';

/** /admin/callback: where the hosted sign-in page sends the staff member back with a code. */
export function Component() {
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    finishSignIn()
      .then((to) => navigate(to.replace(/^\/admin/, '') || '/', { replace: true }))
      .catch(setError);
  }, [navigate]);
  if (error) {
    return (
      <main className="signin-state">
        <ErrorState error={error} retry={() => void startSignIn('/admin/')} />
      </main>
    );
  }
  return (
    <main className="signin-state">
      <Loading label="Signing you in…" />
    </main>
  );
}
