import { useState } from 'react';
import { Check, Link2 } from 'lucide-react';
import { Button, toast } from '@client/ui';

/** Copies this page's address, so the replay can be shared. */
export function CopyLinkButton() {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const url = window.location.href;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: 'Link copied', description: url, variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: `Copy it by hand: ${url}`, variant: 'destructive' });
    }
  };
  return (
    <Button size="sm" variant="secondary" onClick={() => void copy()} data-testid="replay-copy-link">
      {copied ? <Check aria-hidden /> : <Link2 aria-hidden />}
      {copied ? 'Copied' : 'Copy link'}
    </Button>
  );
}
