import CancelIcon from 'icon:Cancel';
import { useId, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { groups } from '../../../lib/genres';
import { zhCreate } from '../../../strings/create';
import { STYLE_MAX_TAGS } from '../form';
import { Tabs } from '../../../ui/Tabs';

/**
 * The genre picker (docs/web.md): the 17 groups of the shared dictionary as tabs, each a set of chips (toggle
 * buttons, aria-pressed). At most 10 chips: an 11th says 标签选择已达上限. The chosen ones show above, removable.
 */
export function GenrePicker({ selected, onChange }: { selected: readonly string[]; onChange: (next: string[]) => void }) {
  const all = groups();
  const [groupKey, setGroupKey] = useState(all[0]?.key ?? '');
  const group = all.find((g) => g.key === groupKey) ?? all[0];
  const baseId = useId();

  const toggle = (label: string) => {
    if (selected.includes(label)) {
      onChange(selected.filter((t) => t !== label));
      return;
    }
    if (selected.length >= STYLE_MAX_TAGS) {
      notify(zhCreate.tagLimit, 'warning');
      return;
    }
    onChange([...selected, label]);
  };

  return (
    <section aria-labelledby={`${baseId}-title`}>
      <div className="gq-genre-picker-head">
        <h2 id={`${baseId}-title`} className="gq-genre-picker-title">
          {zhCreate.genreTags}
        </h2>
        <span className="gq-caption gq-muted" aria-live="polite">
          {zhCreate.selectedTags(selected.length, STYLE_MAX_TAGS)}
        </span>
      </div>
      <div className="gq-chosen-tags">
        {selected.length === 0 ? (
          <p className="gq-body2 gq-muted">{zhCreate.noTagsSelected}</p>
        ) : (
          selected.map((label) => (
            <button
              key={label}
              type="button"
              className="gq-chip gq-chip-primary gq-chip-button"
              aria-label={zhCreate.removeTag(label)}
              onClick={() => toggle(label)}
            >
              {label}
              <CancelIcon size={16} />
            </button>
          ))
        )}
      </div>
      <div className="gq-genre-box">
        <Tabs
          label={zhCreate.genreGroups}
          items={all.map((g) => ({ value: g.key, label: g.label, id: `${baseId}-tab-${g.key}`, controls: `${baseId}-panel` }))}
          value={group?.key ?? ''}
          onChange={setGroupKey}
          dense
        />
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={group ? `${baseId}-tab-${group.key}` : undefined}
          className="gq-genre-chips"
        >
          {group?.entries.map((entry) => {
            const on = selected.includes(entry.zh);
            return (
              <button
                key={`${entry.zh}-${entry.en}`}
                type="button"
                className={on ? 'gq-chip gq-chip-primary gq-chip-button gq-chip-medium' : 'gq-chip gq-chip-outlined gq-chip-button gq-chip-medium'}
                title={entry.en}
                aria-pressed={on}
                onClick={() => toggle(entry.zh)}
              >
                {entry.zh}
              </button>
            );
          })}
        </div>
      </div>
    </section>
  );
}
