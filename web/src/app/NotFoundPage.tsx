import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../components/PageContainer';
import { StatusState } from '../components/StatusState';
import { PageTitle } from '../components/PageTitle';
import { zh } from '../strings/zh-CN';

export default function NotFoundPage() {
  return (
    <PageContainer>
      <PageTitle title={zh.notFound.title} />
      <StatusState
        kind="empty"
        title={zh.notFound.text}
        text={zh.notFound.hint}
        action={
          <Button component={RouterLink} to="/" variant="contained">
            {zh.notFound.back}
          </Button>
        }
      />
    </PageContainer>
  );
}
