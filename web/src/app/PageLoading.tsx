import { StatusState } from '../components/StatusState';

/** What a route shows while its page's code loads (a navigation in the app). */
export default function PageLoading() {
  return <StatusState kind="loading" />;
}
