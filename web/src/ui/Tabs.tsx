import { type KeyboardEvent, useRef } from 'react';

export interface TabItem<V extends string | number> {
  value: V;
  label: string;
  /** The tab's element id (its panel is labelled by it). */
  id: string;
  /** The id of the panel it shows. */
  controls: string;
}

/**
 * A row of tabs (WAI-ARIA tabs pattern, drawn by ui.css as MUI's Tabs in the theme): one tab in the page's Tab order,
 * the arrow keys, Home and End move between them and select as they go. `fill` spreads them over the row; otherwise
 * the row scrolls sideways when it is wider than its box.
 */
export function Tabs<V extends string | number>({
  label,
  items,
  value,
  onChange,
  fill = false,
  dense = false,
}: {
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  fill?: boolean;
  dense?: boolean;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(items[next]!.value);
  };
  let className = 'gq-tablist';
  if (fill) className += ' gq-tablist-fill';
  if (dense) className += ' gq-tablist-dense';
  return (
    <div role="tablist" aria-label={label} className={className}>
      {items.map((item, index) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={item.id}
            aria-controls={item.controls}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className="gq-tab-button"
            onClick={() => onChange(item.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
