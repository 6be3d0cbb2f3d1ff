import InputBase from '@mui/material/InputBase';
import Button from '@mui/material/Button';
import AutoAwesomeIcon from 'icon:AutoAwesome';
import { type FormEvent, useId } from 'react';
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
  const inputId = useId();
  const navigate = useNavigate();
  // Read from the form when it is sent, so what was typed before the page hydrated counts too (lib/early-clicks.ts).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('keywords') ?? '').trim();
    navigate(value ? createWithKeywordsHref(value) : '/create');
  };
  return (
    <div className="gq-quick-card">
      <form className="gq-quick-form" onSubmit={onSubmit}>
        <div className="gq-quick-field">
          <label htmlFor={inputId}>{zh.square.quickStartLabel}</label>
          <InputBase
            id={inputId}
            className="gq-input-on-color"
            fullWidth
            name="keywords"
            placeholder={zh.square.quickStartPlaceholder}
            inputProps={{ maxLength: LIMITS.promptChars }}
          />
        </div>
        <Button
          variant="contained"
          size="large"
          className="gq-button-white"
          startIcon={<AutoAwesomeIcon />}
          type="submit"
        >
          {zh.square.quickStartSubmit}
        </Button>
      </form>
      <PromptButtons />
    </div>
  );
}
