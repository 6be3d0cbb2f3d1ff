import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { notify } from '../../../lib/api-client';
import { groups } from '../../../lib/genres';
import { zhCreate } from '../../../strings/create';
import { STYLE_MAX_TAGS } from '../form';

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
    <Box component="section" aria-labelledby={`${baseId}-title`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography id={`${baseId}-title`} component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }}>
          {zhCreate.genreTags}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-live="polite">
          {zhCreate.selectedTags(selected.length, STYLE_MAX_TAGS)}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', minHeight: 32, mb: 1 }}>
        {selected.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {zhCreate.noTagsSelected}
          </Typography>
        ) : (
          selected.map((label) => (
            <Chip
              key={label}
              label={label}
              color="primary"
              size="small"
              aria-label={zhCreate.removeTag(label)}
              onClick={() => toggle(label)}
              onDelete={() => toggle(label)}
            />
          ))
        )}
      </Stack>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
        <Tabs
          value={group?.key ?? false}
          onChange={(_, key: string) => setGroupKey(key)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={zhCreate.genreGroups}
          sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40, minWidth: 64, px: 1.5 } }}
        >
          {all.map((g) => (
            <Tab key={g.key} value={g.key} label={g.label} id={`${baseId}-tab-${g.key}`} aria-controls={`${baseId}-panel`} />
          ))}
        </Tabs>
        <Stack
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={group ? `${baseId}-tab-${group.key}` : undefined}
          direction="row"
          sx={{ gap: 1, flexWrap: 'wrap', p: 1.5 }}
        >
          {group?.entries.map((entry) => {
            const on = selected.includes(entry.zh);
            return (
              <Chip
                key={`${entry.zh}-${entry.en}`}
                label={entry.zh}
                title={entry.en}
                clickable
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                aria-pressed={on}
                onClick={() => toggle(entry.zh)}
              />
            );
          })}
        </Stack>
      </Box>
    </Box>
  );
}
