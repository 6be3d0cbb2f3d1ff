import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, useLocation, useRoutes } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/routes';

/** The current location, as the app sees it (updated on every navigation). */
export interface LocationProbe {
  current: Location | null;
}

function Routes({ probe }: { probe: LocationProbe }) {
  probe.current = useLocation();
  return useRoutes(routes);
}

/** Renders the whole app (providers, layout, lazy pages) at a path. */
export function renderApp(path = '/'): RenderResult & { location: LocationProbe } {
  const location: LocationProbe = { current: null };
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes probe={location} />
      </MemoryRouter>
    </AppProviders>,
  );
  return Object.assign(result, { location });
}

/** Renders an element inside the providers (no router). */
export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
}
