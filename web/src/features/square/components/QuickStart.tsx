import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../lib/rules';
import { zh } from '../../../strings/zh-CN';
import { createWithKeywordsHref } from '../links';
import { PromptButtons } from './PromptButtons';

/**
 * The quick-start input (goes to /create with the description prefilled: keywords, base64) and, under it, three of
 * the 21 prompt buttons with 换一批.
 */
export function QuickStart() {
  const [text, setText] = useState('');
  const inputId = useId();
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    navigate(value ? createWithKeywordsHref(value) : '/create');
  };
  return (
    <Paper
      elevation={0}
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 3,
        color: '#fff',
        background: 'linear-gradient(120deg, #5b2bd9 0%, #9c4dff 45%, #ec407a 100%)',
      }}
    >
      <Stack
        component="form"
        onSubmit={onSubmit}
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'flex-end' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="label" htmlFor={inputId} sx={{ display: 'block', fontWeight: 600, mb: 1 }}>
            {zh.square.quickStartLabel}
          </Typography>
          {/* OutlinedInput rather than TextField: TextField brings Select into the home page's initial bundle. */}
          <OutlinedInput
            id={inputId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={zh.square.quickStartPlaceholder}
            fullWidth
            inputProps={{ maxLength: LIMITS.promptChars }}
            sx={{
              color: '#fff',
              bgcolor: 'rgba(255,255,255,.14)',
              '& fieldset': { borderColor: 'rgba(255,255,255,.5)' },
              '&:hover fieldset': { borderColor: '#fff !important' },
              '&.Mui-focused fieldset': { borderColor: '#fff !important' },
              '& input::placeholder': { color: 'rgba(255,255,255,.85)', opacity: 1 },
            }}
          />
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={<AutoAwesomeIcon />}
          sx={{ flexShrink: 0, bgcolor: '#fff', color: '#5b2bd9', '&:hover': { bgcolor: '#f1eaff' } }}
        >
          {zh.square.quickStartSubmit}
        </Button>
      </Stack>
      <PromptButtons />
    </Paper>
  );
}
