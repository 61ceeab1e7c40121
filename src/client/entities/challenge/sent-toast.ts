import { toast } from '@client/ui/toast-store';

let shown: { dismiss: () => void } | null = null;

/** 'Challenge Sent', kept so that its answer takes it away. */
export function showChallengeSent(username: string): void {
  shown = toast({ title: 'Challenge Sent', description: `${username} has 60 seconds to accept. The duel starts here.`, variant: 'success' });
}

/**
 * The challenge was answered with a duel: its 'Challenge Sent', if still up, goes (it said
 * something was pending, over the top bar of the duel that had begun).
 */
export function dismissChallengeSent(): void {
  shown?.dismiss();
  shown = null;
}
