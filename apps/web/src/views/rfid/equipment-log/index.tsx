/** Equipment log (rfid/equipment-log): connects, disconnects, antenna faults, inventory states, errors; the feed's generic screen. */
import { rfidEquipmentLogFeed } from '@tagloom/domain/feed/rfid.ts';
import { FeedPage } from '../../../components/feed/FeedPage';

export default function EquipmentLog() {
  return <FeedPage feed={rfidEquipmentLogFeed} testId="equipment-log" />;
}
