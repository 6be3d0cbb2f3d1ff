// Which routes render without MUI (src/ui only): the music square, its song lists and the 404 page (app/routes.tsx
// `plain` pages). A
// module of its own, with no imports, so that the app's first stage (app/boot.tsx) knows it without loading the app.

/** The paths whose page uses no MUI. */
export const PLAIN_PATHS: readonly string[] = ['/', '/musicList'];

/** Whether the page at `pathname` uses MUI (known routes other than PLAIN_PATHS). */
export function usesMui(pathname: string): boolean {
  const path = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  return !PLAIN_PATHS.includes(path);
}
