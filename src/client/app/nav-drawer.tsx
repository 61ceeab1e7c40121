import { useRef, type ReactNode } from 'react';
import { Anvil, Castle, Crown, Flag, HeartHandshake, House, MessageSquare, Shield, Store, Swords, Trophy, Users, Zap, type LucideIcon } from 'lucide-react';
import { PRODUCT_NAME } from '@common/constants';
import type { NAV_ENTRIES } from '@common/routes';
import { Dialog, DialogDescription, DialogTitle, DrawerContent } from '@client/ui/dialog';
import { SettingsControls } from './settings-controls';

type NavPath = (typeof NAV_ENTRIES)[number]['path'];
export type NavIcons = Record<NavPath, LucideIcon>;

/** The drawer's entries have icons; the bar's do not, so they load with the drawer. */
const NAV_ICONS: NavIcons = {
  '/': House,
  '/characters': Users,
  '/battle': Swords,
  '/equipment': Shield,
  '/pvp-arena': Crown,
  '/pvp': Zap,
  '/arena': Castle,
  '/guilds': Flag,
  '/friends': HeartHandshake,
  '/marketplace': Store,
  '/leaderboard': Trophy,
  '/chat': MessageSquare,
  '/forge': Anvil,
};

interface NavDrawerContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The screens of the game, with their icons. */
  entries: (icons: NavIcons) => ReactNode;
  /** The account link of a signed-in player. */
  account: ReactNode;
  /** Puts the focus back on the menu button (the drawer has no Radix trigger to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * The drawer itself: the title, the screens of the game, the account and the settings. It opens
 * on its first entry (not on the close button or a setting), and gives focus back to the menu
 * button when it closes.
 */
export function NavDrawerContent({ open, onOpenChange, entries, account, onCloseAutoFocus }: NavDrawerContentProps) {
  const nav = useRef<HTMLElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DrawerContent
        onOpenAutoFocus={(event) => {
          const first = nav.current?.querySelector<HTMLElement>('a[href]');
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div className="border-b-4 border-edge px-4 py-5 pr-14">
          <DialogTitle className="font-pixel text-pixel-xs text-neon-cyan">{PRODUCT_NAME}</DialogTitle>
          <DialogDescription className="mt-2 text-base">Choose where to go</DialogDescription>
        </div>
        <nav aria-label="Main" ref={nav}>
          {entries(NAV_ICONS)}
        </nav>
        {account ? (
          <nav aria-label="Your account" className="border-t-4 border-edge px-3 py-3">
            {account}
          </nav>
        ) : null}
        <section aria-label="Sound and motion settings" className="mt-auto border-t-4 border-edge px-4 py-4">
          <SettingsControls />
        </section>
      </DrawerContent>
    </Dialog>
  );
}
