import { type CSSProperties, useEffect, useRef } from 'react';

/**
 * A slider: a native range input drawn by ui.css as MUI's Slider in the primary colour (--gq-range-fill is the part
 * before the thumb). Moving it (pointer or keys) reports each value with `onMove`; letting go (the browser's change
 * event, once per drag or key press) reports the final one with `onCommit`.
 */
export function Range({
  value,
  min = 0,
  max,
  step = 1,
  disabled = false,
  label,
  valueText,
  onMove,
  onCommit,
}: {
  value: number;
  min?: number;
  max: number;
  step?: number;
  disabled?: boolean;
  label: string;
  valueText: string;
  onMove: (value: number) => void;
  onCommit?: (value: number) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  useEffect(() => {
    const input = ref.current;
    if (!input) return undefined;
    // React's onChange is the input event; the release is the native change event. It stops here: committing
    // re-renders the input with its owner's value (a player's position before the seek lands), and React, seeing
    // the change event on a value it did not set, would report that value as one more move.
    const onChange = (event: Event) => {
      event.stopPropagation();
      commit.current?.(Number(input.value));
    };
    input.addEventListener('change', onChange);
    return () => input.removeEventListener('change', onChange);
  }, []);
  const fill = max > min ? Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100)) : 0;
  return (
    <input
      ref={ref}
      type="range"
      className="gq-range"
      aria-label={label}
      aria-valuetext={valueText}
      min={min}
      max={max}
      step={step}
      value={value}
      disabled={disabled}
      style={{ '--gq-range-fill': `${fill}%` } as CSSProperties}
      onChange={(event) => onMove(Number(event.target.value))}
    />
  );
}
