import { MessageSquare } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function ChatPage() {
  return <PageHeader title="Arena Chat" subtitle="Talk with every player in the arena" icon={<MessageSquare />} />;
}
