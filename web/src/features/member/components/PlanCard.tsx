import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatYuan } from '../../../lib/format';
import { zhMember } from '../../../strings/member';
import type { Plan } from '../api/usePlans';
import { pricePerSong } from '../plan-text';
import { OfferCountdown } from './OfferCountdown';

/** Every card is at least this tall (px), and so are the placeholders while the catalogue loads (MemberPage). */
export const PLAN_CARD_MIN_HEIGHT = 400;

export function PlanCard({ plan, action }: { plan: Plan; action: { label: string; onClick?: () => void; disabled?: boolean } }) {
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
      sx={{
        height: '100%',
        minHeight: PLAN_CARD_MIN_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        borderColor: plan.activity ? 'secondary.main' : undefined,
        borderWidth: plan.activity ? 2 : undefined,
      }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography id={titleId} variant="h3" component="h2">
            {plan.name}
          </Typography>
          {plan.activity ? <Chip color="secondary" size="small" label={zhMember.limited} /> : null}
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontSize: '2rem', fontWeight: 800, color: 'primary.main' }}>
            ¥{formatYuan(plan.price)}
          </Typography>
          {plan.originalPrice != null ? (
            <Typography component="del" sx={{ color: 'text.secondary' }} aria-label={zhMember.originalPrice(formatYuan(plan.originalPrice))}>
              ¥{formatYuan(plan.originalPrice)}
            </Typography>
          ) : null}
        </Stack>
        {perSong ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {zhMember.perSong(perSong)}
          </Typography>
        ) : null}
        {plan.activity ? (
          <Typography variant="body2" sx={{ color: 'secondary.main', mt: 0.5 }}>
            <OfferCountdown />
          </Typography>
        ) : null}
        <List dense disablePadding sx={{ mt: 1.5 }}>
          {features.map((text, i) => (
            <ListItem key={`${i}-${text}`} disableGutters>
              <ListItemIcon sx={{ minWidth: 28 }}>
                <CheckIcon fontSize="small" color="primary" />
              </ListItemIcon>
              <ListItemText primary={text} />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        <Box sx={{ width: '100%' }}>
          <Button
            fullWidth
            variant={plan.activity ? 'contained' : 'outlined'}
            color={plan.activity ? 'secondary' : 'primary'}
            onClick={action.onClick}
            disabled={action.disabled}
          >
            {action.label}
          </Button>
        </Box>
      </CardActions>
    </Card>
  );
}
