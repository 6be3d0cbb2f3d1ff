import { type HTMLAttributes, type ReactNode, type Ref, useId } from 'react';

/**
 * A labelled text field, one line or several (drawn by ui.css as MUI's outlined TextField in the theme, with the label
 * above the box): the label names the field, the helper line below describes it, and `error` marks both (aria-invalid).
 * A multi-line field grows with its text from `rows` lines up to `maxRows`, where it starts to scroll.
 */
export function TextField({
  label,
  value,
  onChange,
  placeholder,
  error = false,
  helper,
  multiline = false,
  rows = 1,
  maxRows,
  autoComplete,
  type = 'text',
  inputMode,
  maxLength,
  autoFocus,
  inputRef,
  end,
  spellCheck,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: boolean;
  helper?: ReactNode;
  multiline?: boolean;
  rows?: number;
  maxRows?: number;
  autoComplete?: string;
  /** A one-line field's input type (tel, …). */
  type?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** Focus on mount (a field the user just asked for: a dialog's first field). */
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown inside the box after a one-line field (a button). */
  end?: ReactNode;
  spellCheck?: boolean;
}) {
  const id = useId();
  const helperId = useId();
  const common = {
    id,
    value,
    placeholder,
    autoComplete,
    spellCheck,
    'aria-invalid': error,
    'aria-describedby': helper ? helperId : undefined,
  };
  let box = 'gq-input';
  if (multiline) box += ' gq-input-multiline';
  if (error) box += ' gq-input-error';
  return (
    <div className="gq-field gq-field-full">
      <label htmlFor={id}>{label}</label>
      <div className={box}>
        {multiline ? (
          <textarea
            {...common}
            rows={rows}
            // 1.5em a line (the theme's line height) and the box's padding: the box grows with its text (ui.css,
            // field-sizing) between these sizes, and scrolls beyond the largest.
            style={{
              minHeight: `calc(${rows * 1.5}em + 33px)`,
              maxHeight: maxRows ? `calc(${maxRows * 1.5}em + 33px)` : undefined,
            }}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <>
            <input
              {...common}
              ref={inputRef}
              type={type}
              inputMode={inputMode}
              maxLength={maxLength}
              autoFocus={autoFocus}
              // A modal <dialog> focuses this one when it opens (ui/use-modal.ts).
              data-autofocus={autoFocus || undefined}
              onChange={(event) => onChange(event.target.value)}
            />
            {end ? <span className="gq-input-end">{end}</span> : null}
          </>
        )}
      </div>
      {helper ? (
        <div id={helperId} className={error ? 'gq-helper gq-error-text' : 'gq-helper gq-muted'}>
          {helper}
        </div>
      ) : null}
    </div>
  );
}
