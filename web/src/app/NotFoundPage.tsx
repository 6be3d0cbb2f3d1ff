import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { PageContainer } from '../components/PageContainer';
import { PageTitle } from '../components/PageTitle';
import { StatusState } from '../components/StatusState';
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
          <Button component={Link} variant="contained" to="/">
            {zh.notFound.back}
          </Button>
        }
      />
    </PageContainer>
  );
}
