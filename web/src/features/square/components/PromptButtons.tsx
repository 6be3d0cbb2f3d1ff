import Button from '@mui/material/Button';
import AutorenewIcon from 'icon:Autorenew';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useHydrated } from '../../../lib/hydration';
import { zh } from '../../../strings/zh-CN';
import { createWithKeywordsHref } from '../links';
import { pickPrompts } from '../prompts';

/** Three of the 21 prompts (a group named 灵感推荐); each opens /create with it; 换一批 draws another three. */
export function PromptButtons({ random = Math.random }: { random?: () => number }) {
  // A page the build rendered shows the first three (the browser hydrates the same markup); 换一批 draws at random.
  const hydrated = useHydrated();
  const [prompts, setPrompts] = useState(() => (hydrated ? pickPrompts(random) : pickPrompts(() => 0)));
  const navigate = useNavigate();
  const labelId = useId();
  return (
    <div className="gq-prompts">
      <div className="gq-prompts-head">
        <p id={labelId} className="gq-body2">
          {zh.square.promptsHint}
        </p>
        <Button
          size="small"
          className="gq-button-on-color"
          startIcon={<AutorenewIcon />}

          onClick={() => setPrompts((shown) => pickPrompts(random, shown))}
        >
          {zh.square.refreshPrompts}
        </Button>
      </div>
      <div className="gq-prompt-grid" role="group" aria-label={zh.square.prompts} aria-describedby={labelId}>
        {prompts.map((prompt) => (
          <Button
            className="gq-prompt"
            key={prompt}

            onClick={() => navigate(createWithKeywordsHref(prompt))}
          >
            {prompt}
          </Button>
        ))}
      </div>
    </div>
  );
}
