import { Crown } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function PvpQueuePage() {
  return <PageHeader title="PvP Arena" subtitle="Queue up and fight other players turn by turn" icon={<Crown />} />;
}
