import { useEffect, useRef } from 'react';
import { Copy, Download, TriangleAlert } from 'lucide-react';
import { RECOVERY_MESSAGES } from '@common/recovery-messages';
import { focusScreenHeading } from '@client/lib/focus-heading';
import { forgetFreshRecoveryCodes, useFreshRecoveryCodes } from '@client/lib/recovery-codes-store';
import { Button, toast, useToastsAtTop } from '@client/ui';

/**
 * Recovery codes as the player sees them once: the list, a copy button, a download as text and
 * a plain warning (shown after registering and after making a new set on the account page).
 */

export function RecoveryCodesList({ codes, username }: { codes: readonly string[]; username: string }) {
  const text = `Glitch Arena recovery codes for ${username}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Codes copied' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the codes and copy them by hand.', variant: 'destructive' });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `glitch-arena-recovery-codes-${username}.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <p className="flex gap-2 border-2 border-gold bg-gold/10 p-3 text-lg text-ink" role="alert">
        <TriangleAlert aria-hidden className="mt-1 size-5 shrink-0 text-gold" />
        {RECOVERY_MESSAGES.warning}
      </p>
      <ol className="grid grid-cols-1 gap-2 font-mono text-lg sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="border-2 border-edge bg-void px-3 py-1.5 whitespace-nowrap text-neon-lime sm:tracking-wider" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()} data-testid="recovery-copy">
          <Copy aria-hidden />
          Copy
        </Button>
        <Button variant="secondary" onClick={download} data-testid="recovery-download">
          <Download aria-hidden />
          Download as text
        </Button>
      </div>
    </div>
  );
}

/**
 * Above every screen right after registering, until the player says the codes are saved. It
 * takes the focus when it shows (the registration's result: the codes, not the nav, come first
 * for a keyboard or screen-reader player), and gives it to the screen's heading once done.
 */
export function FreshRecoveryCodes({ username }: { username: string }) {
  const codes = useFreshRecoveryCodes();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = !!codes;
  useEffect(() => {
    if (shown) heading.current?.focus({ preventScroll: true });
  }, [shown]);
  // The welcome toast comes with the codes: over the top bar it leaves every code in view (at the
  // bottom of a phone it covered the last ones).
  useToastsAtTop(shown);
  if (!codes) return null;
  const done = () => {
    forgetFreshRecoveryCodes();
    // Scrolled to: the codes going away leaves the window further down the screen. A screen still
    // loading under the codes gets it when its heading shows.
    focusScreenHeading({ scroll: true });
  };
  return (
    <section className="mb-6 border-2 border-gold bg-panel p-4" aria-labelledby="fresh-codes-title" data-testid="fresh-recovery-codes">
      <h2 id="fresh-codes-title" ref={heading} tabIndex={-1} className="mb-3 font-pixel text-pixel-sm text-gold">
        Your recovery codes
      </h2>
      <RecoveryCodesList codes={codes} username={username} />
      <Button className="mt-4" onClick={done} data-testid="recovery-done">
        I have saved them
      </Button>
    </section>
  );
}
