import { NotFound } from '../components/not-found';

/** The catch-all route. */
export const Component = NotFound;
