import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy modules of the routes `location` shows, so a router made afterwards starts with
 * every component in hand: hydrating a prerendered page must render what the build rendered, and
 * the app taking over from the landing page (take-over.tsx) must not flash the loading fallback.
 */
export async function loadRouteModules(
  routeList: RouteObject[],
  location: Parameters<typeof matchRoutes>[1],
): Promise<void> {
  const lazyMatches = matchRoutes(routeList, location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}
