import { zhCreate } from '../../../strings/create';

/** A field's helper line: the error message (if any) on the left, the n/max counter on the right. */
export function FieldHelper({ message, count, max }: { message?: string | null; count: number; max: number }) {
  return (
    <span className="gq-field-helper">
      <span>{message ?? ''}</span>
      <span className="gq-field-count">{zhCreate.counter(count, max)}</span>
    </span>
  );
}
