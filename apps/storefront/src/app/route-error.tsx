import { useRouteError } from 'react-router';
import { ErrorState } from '../components/states';

/** A page that failed to load (its chunk, or an error while rendering). */
export function RouteError() {
  const error = useRouteError();
  return (
    <main id="main" className="container">
      <ErrorState error={error} retry={() => location.reload()} />
    </main>
  );
}
