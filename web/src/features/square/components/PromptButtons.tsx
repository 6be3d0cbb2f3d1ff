import AutorenewIcon from 'icon:Autorenew';
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
    <div className="gq-prompts">
      <div className="gq-prompts-head">
        <p id={labelId} className="gq-body2">
          {zh.square.promptsHint}
        </p>
        <button
          type="button"
          className="gq-button gq-button-text gq-button-small gq-button-on-color"
          onClick={() => setPrompts((shown) => pickPrompts(random, shown))}
        >
          <AutorenewIcon />
          {zh.square.refreshPrompts}
        </button>
      </div>
      <div className="gq-prompt-grid" role="group" aria-label={zh.square.prompts} aria-describedby={labelId}>
        {prompts.map((prompt) => (
          <button
            key={prompt}
            type="button"
            className="gq-button gq-prompt"
            onClick={() => navigate(createWithKeywordsHref(prompt))}
          >
            {prompt}
          </button>
        ))}
      </div>
    </div>
  );
}
