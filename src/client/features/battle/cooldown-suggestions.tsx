import { Link } from 'wouter';
import { Anvil, ScrollText, Store, type LucideIcon } from 'lucide-react';
import { formatCooldown } from '@common/current-character';
import { useForgeProgress } from '@client/entities/forge/use-forge-progress';
import { questState, suggestedQuest } from '@client/entities/quest/quest-rules';
import { useQuests } from '@client/entities/quest/use-quests';
import { Card } from '@client/ui';

interface Suggestion {
  key: string;
  href: string;
  icon: LucideIcon;
  title: string;
  text: string;
  tone: string;
}

/**
 * While the fighter rests (the PvE cooldown), something to do: a quest to claim or to advance,
 * the forge when the materials held make progress, and the market.
 */
export function CooldownSuggestions({ cooldownMs }: { cooldownMs: number }) {
  const quests = useQuests();
  const forge = useForgeProgress(true);
  const quest = suggestedQuest(quests.data);
  const progress = forge.progress;

  const items: Suggestion[] = [];
  if (quest) {
    const claimable = questState(quest) === 'claimable';
    items.push({
      key: 'quest',
      href: '/',
      icon: ScrollText,
      title: claimable ? 'Claim a quest reward' : 'Work on a quest',
      text: claimable ? `${quest.title}: done, the reward waits on the dashboard` : `${quest.title}: ${Math.min(quest.progress, quest.goal)}/${quest.goal}`,
      tone: 'text-neon-lime',
    });
  }
  if (progress && progress.owned > 0) {
    items.push({
      key: 'forge',
      href: '/forge',
      icon: Anvil,
      title: progress.ready ? 'Forge a set piece' : 'Check the forge',
      text: `${progress.setName}: ${progress.owned}/${progress.required} materials${progress.ready ? ', ready to forge' : ''}`,
      tone: 'text-neon-magenta',
    });
  }
  items.push({ key: 'market', href: '/marketplace', icon: Store, title: 'Browse the market', text: 'Fighters for sale by other players', tone: 'text-gold' });

  return (
    <Card accent="gold" className="mt-4 p-3 sm:p-4" data-testid="cooldown-suggestions">
      <h2 className="font-pixel text-pixel-2xs leading-relaxed text-gold uppercase sm:text-pixel-xs">
        Resting {formatCooldown(cooldownMs)}: meanwhile
      </h2>
      <ul className="m-0 mt-3 grid list-none gap-2 p-0 sm:grid-cols-3">
        {items.map(({ key, href, icon: Icon, title, text, tone }) => (
          <li key={key} className="flex">
            <Link
              href={href}
              data-testid={`suggestion-${key}`}
              className="flex w-full items-start gap-2 border-2 border-edge bg-void/50 p-2 no-underline hover:border-edge-bright hover:bg-panel-3"
            >
              <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${tone}`} />
              <span className="min-w-0">
                <span className={`block font-pixel text-pixel-2xs leading-normal ${tone}`}>{title}</span>
                <span className="block text-base leading-tight break-words text-ink-muted">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
