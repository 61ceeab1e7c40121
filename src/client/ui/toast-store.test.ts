import { describe, expect, it } from 'vitest';
import { currentToast, dismissToast, toast } from './toast-store';

describe('toast store', () => {
  it('keeps one toast at a time: a new toast replaces the current one', () => {
    const first = toast({ title: 'Welcome back!' });
    const second = toast({ title: 'Login Failed', description: 'Invalid credentials', variant: 'destructive' });

    expect(second.id).not.toBe(first.id);
    expect(currentToast()).toMatchObject({
      id: second.id,
      title: 'Login Failed',
      description: 'Invalid credentials',
      variant: 'destructive',
      open: true,
    });
  });

  it('defaults the variant and closes only the toast asked for', () => {
    const shown = toast({ title: 'Hello' });
    expect(currentToast()?.variant).toBe('default');

    dismissToast(shown.id - 1);
    expect(currentToast()?.open).toBe(true);

    shown.dismiss();
    expect(currentToast()).toMatchObject({ id: shown.id, open: false });
  });
});
