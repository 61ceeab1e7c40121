import { Link } from 'wouter';
import { Anvil, ArrowRight, MessageSquare, Radio, Store, Trophy, Users, type LucideIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@client/ui';

interface Feature {
  href: string;
  title: string;
  text: string;
  icon: LucideIcon;
  color: string;
  border: string;
}

const FEATURES: Feature[] = [
  {
    href: '/characters',
    title: 'Manage',
    text: 'Create, level up and customize your fighters.',
    icon: Users,
    color: 'text-neon-cyan',
    border: 'hover:border-neon-cyan',
  },
  {
    href: '/marketplace',
    title: 'Trade',
    text: 'Buy and sell characters for credits.',
    icon: Store,
    color: 'text-gold',
    border: 'hover:border-gold',
  },
  {
    href: '/leaderboard',
    title: 'Rankings',
    text: 'See who rules the arena this season.',
    icon: Trophy,
    color: 'text-neon-lime',
    border: 'hover:border-neon-lime',
  },
  {
    href: '/chat',
    title: 'Chat',
    text: 'Talk tactics with players in the live arena chat.',
    icon: MessageSquare,
    color: 'text-neon-magenta',
    border: 'hover:border-neon-magenta',
  },
];

/** Game Features: Manage, Trade, Rankings and Chat, each a link to its screen. */
export function GameFeatures() {
  return (
    <section aria-labelledby="game-features-title" className="flex flex-col gap-4">
      <h2 id="game-features-title" className="font-pixel text-pixel-sm text-neon-cyan">
        Game Features
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {FEATURES.map(({ href, title, text, icon: Icon, color, border }) => (
          <li key={href} className="flex">
            <Link
              href={href}
              data-testid={`feature-${title.toLowerCase()}`}
              className={cn(
                'group flex w-full flex-col gap-3 border-2 border-edge bg-panel p-4 text-ink no-underline shadow-hard-sm transition-colors hover:bg-panel-2 sm:p-5',
                border,
              )}
            >
              <span className="flex items-center justify-between">
                <Icon aria-hidden className={cn('size-7', color)} />
                <ArrowRight
                  aria-hidden
                  className="size-4 text-ink-dim transition-transform group-hover:translate-x-1 group-hover:text-ink motion-reduce:transition-none"
                />
              </span>
              <span className={cn('font-pixel text-pixel-xs', color)}>{title}</span>
              <span className="text-lg leading-tight text-ink-muted">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const UPDATES: Array<{ title: string; text: string; icon: LucideIcon; tag: string; tone: 'cyan' | 'gold' | 'magenta' }> = [
  {
    title: 'Live Virtual Arena',
    text: 'Real-time PvP: queue up and fight other players turn by turn.',
    icon: Radio,
    tag: 'Live',
    tone: 'cyan',
  },
  {
    title: 'Marketplace Trading',
    text: 'List your fighters for credits and buy rare characters from other players.',
    icon: Store,
    tag: 'New',
    tone: 'gold',
  },
  {
    title: 'Character Forging',
    text: 'Forge legendary gear at level milestones. Best from level 5 and above.',
    icon: Anvil,
    tag: 'Hot',
    tone: 'magenta',
  },
];

const toneText = { cyan: 'text-neon-cyan', gold: 'text-gold', magenta: 'text-neon-magenta' } as const;

/** Game Updates: what is new in the arena. */
export function GameUpdates() {
  return (
    <Card accent="magenta" className="h-full">
      <CardHeader>
        <CardTitle className="text-neon-magenta">Game Updates</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3" data-testid="game-updates">
          {UPDATES.map(({ title, text, icon: Icon, tag, tone }) => (
            <li key={title} className="flex gap-3 border-2 border-edge bg-void/50 p-3">
              <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', toneText[tone])} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className={cn('font-pixel text-pixel-2xs leading-normal', toneText[tone])}>{title}</h3>
                  <Badge variant={tone}>{tag}</Badge>
                </div>
                <p className="mt-1.5 text-lg leading-tight text-ink-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
