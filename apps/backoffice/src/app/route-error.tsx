import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorState } from '../components/states';

/** What a page that failed to load or render shows, inside the shell. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorState error={new Error('This page does not exist.')} />;
  }
  return <ErrorState error={error} retry={() => location.reload()} />;
}
