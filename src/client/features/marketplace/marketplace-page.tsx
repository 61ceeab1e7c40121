import { Store } from 'lucide-react';
import { PageHeader } from '@client/ui';

export function MarketplacePage() {
  return <PageHeader title="Marketplace" subtitle="Buy and sell fighters for credits" icon={<Store />} />;
}
