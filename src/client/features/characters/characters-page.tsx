import { Users } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function CharactersPage() {
  return <PageHeader title="Characters" subtitle="Create and manage your fighters" icon={<Users />} />;
}
