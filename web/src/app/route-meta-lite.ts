// Which routes' pages use MUI (app/routes.tsx loads MUI with those pages; the others, the music square, its song lists
// and the 404 page, are plain components of src/ui). A module of its own, with no imports, so that the app's first
// stage (app/boot.tsx) and the build (scripts/route-pages.ts) know it without loading the app.

/** The paths whose page uses MUI. */
export const MUI_PATHS: readonly string[] = [
  '/create',
  '/mywork',
  '/member',
  '/profile',
  '/payment',
  '/musicPlayer',
  '/contactUs',
  '/faq',
  '/about',
];

/** Whether the page at `pathname` uses MUI (an unknown path is the plain 404 page). */
export function usesMui(pathname: string): boolean {
  const path = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  return MUI_PATHS.includes(path);
}
