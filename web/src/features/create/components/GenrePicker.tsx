import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { groups } from '../../../lib/genres';
import { zhCreate } from '../../../strings/create';
import { STYLE_MAX_TAGS } from '../form';

/**
 * The genre picker (docs/web.md): the 17 groups of the shared dictionary as tabs, each a set of chips (toggle
 * buttons, aria-pressed). At most 10 chips: an 11th says 标签选择已达上限. The chosen ones show above, removable.
 */
export function GenrePicker({
  selected,
  onChange,
}: {
  selected: readonly string[];
  onChange: (next: string[]) => void;
}) {
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
            <Chip
              key={label}
              color="primary"
              size="small"
              label={label}
              aria-label={zhCreate.removeTag(label)}
              onDelete={() => toggle(label)}
              onClick={() => toggle(label)}
            />
          ))
        )}
      </div>
      <div className="gq-genre-box">
        <Tabs
          aria-label={zhCreate.genreGroups}
          value={group?.key ?? false}
          onChange={(_event, key: string) => setGroupKey(key)}
          variant="scrollable"
          scrollButtons={false}
          className="gq-genre-tabs"
        >
          {all.map((g) => (
            <Tab
              key={g.key}
              value={g.key}
              label={g.label}
              id={`${baseId}-tab-${g.key}`}
              aria-controls={`${baseId}-panel`}
            />
          ))}
        </Tabs>
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={group ? `${baseId}-tab-${group.key}` : undefined}
          className="gq-genre-chips"
        >
          {group?.entries.map((entry) => {
            const on = selected.includes(entry.zh);
            return (
              <Chip
                key={`${entry.zh}-${entry.en}`}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                label={entry.zh}
                title={entry.en}
                aria-pressed={on}
                onClick={() => toggle(entry.zh)}
              />
            );
          })}
        </div>
      </div>
    </section>
  );
}
