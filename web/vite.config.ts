import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { plainDynamicImports } from './scripts/plain-dynamic-imports';
import { routePages } from './scripts/route-pages';
import { svgIcons } from './scripts/svg-icons';

// The genre dictionary's single source of truth is libdomain/data/genres.tsv (shared with the C++ server);
// src/lib/genres.ts imports it with `?raw`, so the dev server must be allowed to read the repository root.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// MUI's component plumbing and its most used components (the `mui-core` chunk below): what nearly every page's
// controls import. Anything else of MUI stays with the page, part or dialog that uses it.
const MUI_UTILS =
  'ClassNameGenerator|generateUtilityClass|generateUtilityClasses|composeClasses|isHostComponent|useForkRef|' +
  'useEventCallback|ownerDocument|ownerWindow|debounce|getActiveElement|appendOwnerState|resolveComponentProps|' +
  'isEventHandler|extractEventHandlers|omitEventHandlers|mergeSlotProps|createChainedFunction|setRef|useControlled|' +
  'isFocusVisible|useLazyRef|useOnMount|useTimeout|useEnhancedEffect|useId|capitalize|isMuiElement|memoTheme|useSlot|' +
  'createSimplePaletteValueFilter|useFocusableWhenDisabled|contains';
const MUI_CORE = new RegExp(
  '[\\\\/]node_modules[\\\\/]@mui[\\\\/](' +
    `utils[\\\\/](${MUI_UTILS})[\\\\/]|` +
    `material[\\\\/]utils[\\\\/](${MUI_UTILS})\\.m?js$|` +
    'material[\\\\/]styles[\\\\/](styled|rootShouldForwardProp|slotShouldForwardProp|reducedMotion)\\.m?js$|' +
    'system[\\\\/](createStyled[\\\\/]|preprocessStyles|memoTheme)|' +
    'material[\\\\/](zero-styled|GlobalStyles|DefaultPropsProvider|useLazyRipple|ButtonBase|Button|ButtonGroup|IconButton|' +
    'Paper|SvgIcon|CircularProgress|Typography)[\\\\/]|material[\\\\/]transitions[\\\\/](utils|useReducedMotion)\\.m?js$)',
);
// The lists' loading, empty and failure states (with their icons) and the icons most pages show go with them: the pages
// that show them use MUI too.
const isMuiCore = (id: string) =>
  MUI_CORE.test(id) ||
  /[\\/]src[\\/]components[\\/]StatusState\.tsx$|gequ-icon:(CloudOff|Inbox|FavoriteBorder|InfoOutlined|ErrorOutlined|GraphicEq|PlayArrow|Pause)$/.test(
    id,
  );

export default defineConfig({
  base: '/',
  plugins: [plainDynamicImports(), svgIcons(), react(), routePages()],
  server: {
    fs: { allow: [repoRoot] },
    proxy: {
      // `npm run dev` talks to a local gequ-server (make run) for the API and media.
      '^/(login|user|music|pay|media|healthz)(/|$)': 'http://127.0.0.1:8080',
    },
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json lets scripts/bundle-size.mjs report the initial JavaScript per route.
    manifest: true,
    // The pages the build writes preload what each route needs (scripts/route-pages.ts).
    modulePreload: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // hoist-non-react-statics (with the react-is 16 it requires) is CommonJS without a `sideEffects` field, so the
      // bundler kept it although its one user, emotion's `withTheme`, is not used: about 1 KB gzip of the mui-styles
      // chunk. It only defines functions.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false }],
      },
      // The entry (src/main.tsx) is tiny and starts the app (src/app/boot.tsx) after the first paint. boot and its last
      // stage (src/app/start.tsx) are entries of their own, so that what the app needs at start lands in three chunks
      // (the groups below): few requests on a slow phone network (docs/web-performance.md). Pages stay lazy chunks of
      // their own.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        boot: fileURLToPath(new URL('src/app/boot.tsx', import.meta.url)),
        start: fileURLToPath(new URL('src/app/start.tsx', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // The early GETs (src/lib/early-fetch.ts) are shared by the entry and the app's API client, the early
            // clicks (src/lib/early-clicks.ts) by the entry and the app's hydration, and Vite's dynamic-import helper
            // (scripts/plain-dynamic-imports.ts) by everything: a chunk of their own, or the entry would wait for the
            // whole app chunk.
            {
              name: 'early-fetch',
              test: /[\\/]src[\\/]lib[\\/](early-fetch|early-clicks|base64)\.ts$|preload-helper/,
              priority: 1,
            },
            // The app starts in stages (src/app/boot.tsx), each a chunk evaluated in a task of its own: React, then
            // MUI's styling engine (emotion and MUI's system, with everything they import), then the theme, then the
            // app. A stage's chunk may only import the chunks of earlier stages, or evaluating it would evaluate them too.
            {
              name: 'react',
              tags: ['$initial'],
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            {
              name: 'mui-styles',
              tags: ['$initial'],
              test: /[\\/]src[\\/]theme[\\/]mui-styles\.ts$|[\\/]node_modules[\\/](@emotion|stylis|clsx|prop-types|react-is|@babel[\\/]runtime|hoist-non-react-statics|@mui[\\/](system|styled-engine|utils|private-theming|types|core-downloads-tracker)|@mui[\\/]material[\\/](styles|locale|colors|utils))[\\/]/,
              priority: 2,
            },
            // The theme (createTheme with CSS variables: tens of milliseconds on a phone) and the layout's sizes are a
            // stage of their own.
            { name: 'theme', test: /[\\/]src[\\/]theme[\\/](theme|mui-locale|tokens|emotion)\.ts$/, priority: 2 },
            // What most pages share after the start: MUI's component plumbing (its utilities, `styled`, the
            // transitions' helpers) with its most used components (isMuiCore, above), and its text fields with the
            // native select: a few chunks instead of dozens of small ones per page (each small chunk is a request of
            // its own and compresses alone).
            { name: 'mui-core', test: isMuiCore, priority: 0 },
            {
              name: 'mui-input',
              test: /[\\/]node_modules[\\/]@mui[\\/]material[\\/](InputBase|TextareaAutosize|OutlinedInput|FormControl|FormLabel|FormHelperText|InputLabel|NativeSelect|Input|InputAdornment)[\\/]/,
              priority: 0,
            },
            // The page frame every page renders (title, container), the deferred rendering helpers, the square's links
            // (home's page and lists, the player, the works use them), and MUI's useTheme
            // with its default theme (the frame's media queries and every component use them), with the modules they
            // import that no group above took (the frame's texts and the shared rules).
            {
              name: 'page-kit',
              test: /[\\/]src[\\/](components[\\/](PageTitle|PageContainer)\.tsx|lib[\\/]deferred\.tsx|features[\\/]square[\\/]links\.ts)$|[\\/]node_modules[\\/]@mui[\\/]material[\\/]styles[\\/](useTheme|defaultTheme|identifier)\.m?js$/,
              priority: 0,
            },
            // TanStack Query's hooks (its client is in the app chunk).
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 0 },
            {
              name: 'app',
              tags: ['$initial'],
              priority: 1,
              test: (id: string) =>
                /[\\/](node_modules|src)[\\/]/.test(id) &&
                !id.endsWith('.css') &&
                !/[\\/]src[\\/](main\.tsx|app[\\/](boot\.tsx|start\.tsx)|theme[\\/]init-color-scheme\.ts|lib[\\/](early-fetch|early-clicks|base64|session-hint|works-preview|preload-chunks)\.ts)$/.test(
                  id,
                ),
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A test that renders the whole app loads several lazy chunks, which vitest transforms on first use: on a busy
    // two-core machine that alone can take seconds.
    testTimeout: 30_000,
  },
});
