import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CheckIcon from 'icon:Check';
import { useId } from 'react';
import { formatYuan } from '../../../lib/format';
import { zhMember } from '../../../strings/member';
import type { Plan } from '../api/usePlans';
import { pricePerSong } from '../plan-text';
import { OfferCountdown } from './OfferCountdown';

/** Every card is at least this tall (px), and so are the placeholders while the catalogue loads (MemberPage). */
export const PLAN_CARD_MIN_HEIGHT = 400;

export function PlanCard({
  plan,
  action,
}: {
  plan: Plan;
  action: { label: string; onClick?: () => void; disabled?: boolean };
}) {
  const titleId = useId();
  const perSong = pricePerSong(plan);
  const features = [
    zhMember.points(plan.integral),
    // describe1 (songs) and describe2 (channel, storage) come from the server's catalogue, the one source of plan text.
    plan.describe1,
    zhMember.validity(plan.termOfValidity),
    zhMember.concurrency(plan.integralGenerate),
    plan.describe2,
  ].filter((text): text is string => !!text);

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      className={plan.activity ? 'gq-panel gq-plan gq-plan-offer' : 'gq-panel gq-plan'}
      style={{ minHeight: PLAN_CARD_MIN_HEIGHT }}
    >
      <div className="gq-plan-body">
        <div className="gq-plan-head">
          <h2 id={titleId} className="gq-h3">
            {plan.name}
          </h2>
          {plan.activity ? <Chip size="small" color="secondary" label={zhMember.limited} /> : null}
        </div>
        <div className="gq-plan-price">
          <span className="gq-plan-amount">¥{formatYuan(plan.price)}</span>
          {plan.originalPrice != null ? (
            <del className="gq-muted" aria-label={zhMember.originalPrice(formatYuan(plan.originalPrice))}>
              ¥{formatYuan(plan.originalPrice)}
            </del>
          ) : null}
        </div>
        {perSong ? <p className="gq-body2 gq-muted">{zhMember.perSong(perSong)}</p> : null}
        {plan.activity ? (
          <p className="gq-body2 gq-secondary-text gq-plan-offer-ends">
            <OfferCountdown />
          </p>
        ) : null}
        <ul className="gq-plan-features">
          {features.map((text, i) => (
            <li key={`${i}-${text}`}>
              <CheckIcon size={20} className="gq-primary-text" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="gq-plan-actions">
        <Button
          fullWidth
          variant={plan.activity ? 'contained' : 'outlined'}
          color={plan.activity ? 'secondary' : 'primary'}
          onClick={action.onClick}
          disabled={action.disabled}
        >
          {action.label}
        </Button>
      </div>
    </Card>
  );
}
