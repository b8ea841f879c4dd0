import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { renderWithProviders } from './render';

/** Renders routes in a memory router starting at `path`; returns the router to read its location. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}
