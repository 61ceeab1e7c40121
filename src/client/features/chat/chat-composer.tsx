import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { SendHorizontal } from 'lucide-react';
import { CHAT_MESSAGE_MAX } from '@common/constants';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui';
import { checkDraft } from './chat-model';

export interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text of a valid draft. */
  onSend: (text: string) => void;
  sending: boolean;
  /** Put the cursor in the field on arrival, on devices with a mouse and a real keyboard. */
  focusOnMount?: boolean;
  /** Shown in the field's top row, beside the counter (the connection indicator). */
  status?: ReactNode;
  /** The player is muted: this says until when, and Send waits for the end. */
  muted?: string | null;
  className?: string;
}

const DESKTOP_INPUT = '(pointer: fine) and (min-width: 640px)';

const KEY = 'border border-edge-bright bg-panel-3 px-1 font-pixel text-[8px] text-ink-muted';

function KeyHint({ id }: { id: string }) {
  return (
    <p id={id} className="hidden text-sm text-ink-dim sm:block">
      <kbd className={KEY}>Enter</kbd> sends · <kbd className={KEY}>Shift+Enter</kbd> new line
    </p>
  );
}

/** The field's label, the status beside it, and the counter that turns gold, then red, near the limit. */
function ComposerHeader({ inputId, counterId, length, status }: { inputId: string; counterId: string; length: number; status: ReactNode }) {
  const nearLimit = length >= CHAT_MESSAGE_MAX - 50;
  const atLimit = length >= CHAT_MESSAGE_MAX;
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={inputId} className="font-pixel text-pixel-2xs text-neon-cyan uppercase">
        Message
      </label>
      <div className="flex items-center gap-3">
        {status}
        <span
          id={counterId}
          data-testid="chat-counter"
          className={cn('font-pixel text-pixel-2xs tabular-nums', atLimit ? 'text-danger' : nearLimit ? 'text-gold' : 'text-ink-dim')}
        >
          {length}/{CHAT_MESSAGE_MAX}
        </span>
      </div>
    </div>
  );
}

/** The message field: Enter sends, Shift+Enter starts a new line, at most 500 characters. */
export function ChatComposer({ value, onChange, onSend, sending, focusOnMount = false, status, muted = null, className }: ChatComposerProps) {
  const inputId = useId();
  const counterId = useId();
  const hintId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const check = checkDraft(value);
  const atLimit = value.length >= CHAT_MESSAGE_MAX;

  useEffect(() => {
    if (!focusOnMount || !window.matchMedia(DESKTOP_INPUT).matches) return;
    // After the first paint; the panel fits the window, so the page need not scroll to the field.
    const frame = requestAnimationFrame(() => fieldRef.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [focusOnMount]);

  function submit() {
    if (sending || !check.ok || muted) return;
    onSend(check.text);
    fieldRef.current?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form onSubmit={onSubmit} className={cn('flex flex-col gap-2', className)} data-testid="chat-form">
      <ComposerHeader inputId={inputId} counterId={counterId} length={value.length} status={status} />
      {muted ? (
        <p id={`${inputId}-muted`} role="status" className="border-2 border-danger bg-danger/10 px-2 py-1 text-base text-ink" data-testid="chat-muted">
          {muted}. A moderator muted your chat; you can still read it.
        </p>
      ) : null}
      <div className="flex items-end gap-2 sm:gap-3">
        <textarea
          ref={fieldRef}
          id={inputId}
          data-testid="chat-input"
          name="message"
          rows={1}
          maxLength={CHAT_MESSAGE_MAX}
          value={value}
          readOnly={sending}
          aria-busy={sending}
          aria-describedby={muted ? `${inputId}-muted ${counterId} ${hintId}` : `${counterId} ${hintId}`}
          placeholder="Message the arena..."
          autoComplete="off"
          enterKeyHint="send"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          className={cn(
            'block max-h-40 min-h-12 w-full min-w-0 flex-1 resize-none border-2 border-edge-bright bg-void px-3 py-2.5 text-lg leading-snug text-ink [field-sizing:content]',
            'placeholder:text-ink-dim hover:border-neon-cyan/70 focus-visible:border-neon-cyan focus-visible:outline-offset-2',
            atLimit && 'border-gold',
            sending && 'opacity-70',
          )}
        />
        <Button
          type="submit"
          size="lg"
          disabled={!check.ok || sending || !!muted}
          aria-label="Send"
          data-testid="chat-send"
          className="px-4 sm:px-5"
        >
          <SendHorizontal aria-hidden />
          <span className="hidden sm:inline">{sending ? 'Sending' : 'Send'}</span>
        </Button>
      </div>
      <KeyHint id={hintId} />
    </form>
  );
}
