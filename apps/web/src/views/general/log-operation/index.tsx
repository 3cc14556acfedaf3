/** Operation log (general/log-operation): the feed's generic screen. */
import { operationLogFeed } from '@tagloom/domain/feed/general.ts';
import { FeedPage } from '../../../components/feed/FeedPage';

export default function OperationLog() {
  return <FeedPage feed={operationLogFeed} testId="log" />;
}
