import { createElement, type CSSProperties } from 'react';

export interface IconProps {
  /** Names the icon for screen readers (role img); without it the icon is decoration, hidden from them. */
  title?: string;
  /** Size in px (default 24, or the font size with `inherit`). */
  size?: number | 'inherit';
  className?: string;
  style?: CSSProperties;
}

/** A 24×24 Material Design icon as a plain <svg> (scripts/svg-icons.ts builds one per `icon:Name` import). */
export function svgIcon(elements: [string, Record<string, string>][]) {
  const children = elements.map(([tag, attributes], key) => createElement(tag, { ...attributes, key }));
  return function Icon({ title, size = 24, className, style }: IconProps) {
    const dimension = size === 'inherit' ? '1em' : size;
    return (
      <svg
        className={className ? `gq-icon ${className}` : 'gq-icon'}
        viewBox="0 0 24 24"
        width={dimension}
        height={dimension}
        focusable="false"
        aria-hidden={title ? undefined : true}
        role={title ? 'img' : undefined}
        aria-label={title}
        style={style}
      >
        {title ? <title>{title}</title> : null}
        {children}
      </svg>
    );
  };
}
