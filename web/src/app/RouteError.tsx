import Button from '@mui/material/Button';
import { PageContainer } from '../components/PageContainer';
import { PageTitle } from '../components/PageTitle';
import { StatusState } from '../components/StatusState';
import { zh } from '../strings/zh-CN';

/** Shown when a page fails to render or its chunk cannot be loaded (e.g. after a deployment). */
export function RouteError() {
  return (
    <PageContainer>
      <PageTitle title={zh.routeError.title} />
      <StatusState
        kind="error"
        title={zh.routeError.title}
        text={zh.routeError.text}
        action={
          <Button variant="contained" onClick={() => window.location.reload()}>
            {zh.routeError.reload}
          </Button>
        }
      />
    </PageContainer>
  );
}
