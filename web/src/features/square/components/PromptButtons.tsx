import AutorenewIcon from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { zh } from '../../../strings/zh-CN';
import { createWithKeywordsHref } from '../links';
import { pickPrompts } from '../prompts';

/** Three of the 21 prompts (a group named 灵感推荐); each opens /create with it; 换一批 draws another three. */
export function PromptButtons({ random = Math.random }: { random?: () => number }) {
  const [prompts, setPrompts] = useState(() => pickPrompts(random));
  const navigate = useNavigate();
  const labelId = useId();
  return (
    <Box sx={{ mt: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600, opacity: 0.95 }}>
          {zh.square.promptsHint}
        </Typography>
        <Button
          size="small"
          startIcon={<AutorenewIcon />}
          onClick={() => setPrompts((shown) => pickPrompts(random, shown))}
          sx={{ color: '#fff', flexShrink: 0 }}
        >
          {zh.square.refreshPrompts}
        </Button>
      </Stack>
      <Box
        role="group"
        aria-label={zh.square.prompts}
        aria-describedby={labelId}
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {prompts.map((prompt) => (
          <Button
            key={prompt}
            variant="outlined"
            onClick={() => navigate(createWithKeywordsHref(prompt))}
            sx={{
              justifyContent: 'flex-start',
              textAlign: 'left',
              color: '#fff',
              borderColor: 'rgba(255,255,255,.55)',
              bgcolor: 'rgba(255,255,255,.08)',
              minWidth: 0,
              '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,.18)' },
            }}
          >
            {prompt}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
