/// <reference types="vite/client" />

declare module '*.tsv?raw' {
  const content: string;
  export default content;
}

// scripts/svg-icons.ts: a Material Design icon as a plain <svg> component.
declare module 'icon:*' {
  const Icon: (props: import('./ui/Icon').IconProps) => import('react').JSX.Element;
  export default Icon;
}
