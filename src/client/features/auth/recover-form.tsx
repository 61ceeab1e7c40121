import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LifeBuoy } from 'lucide-react';
import { useLocation } from 'wouter';
import { RECOVERY_MESSAGES } from '@common/recovery-messages';
import { errorMessage } from '@client/lib/api';
import { recoveryApi } from '@client/lib/recovery-endpoints';
import { signingIn, startSession } from '@client/lib/session';
import { useAction } from '@client/lib/use-action';
import { Button, Input, Label, toast } from '@client/ui';
import { checkRecover } from './recover-rules';

const FIELDS = [
  { id: 'recover-username', key: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { id: 'recover-code', key: 'code', label: 'Recovery Code', type: 'text', autoComplete: 'one-time-code' },
  { id: 'recover-password', key: 'newPassword', label: 'New Password', type: 'password', autoComplete: 'new-password' },
  { id: 'recover-confirm', key: 'confirm', label: 'Confirm New Password', type: 'password', autoComplete: 'new-password' },
] as const;

/** A forgotten password: a recovery code sets a new one and signs in (every other session ends). */
export function RecoverForm() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ username: '', code: '', newPassword: '', confirm: '' });
  const recover = useAction({
    mutationFn: (body: { username: string; code: string; newPassword: string }) => recoveryApi.recover({ body }),
    onMutate: signingIn,
    onSuccess: (user) => {
      startSession(queryClient, user);
      toast({ title: 'Welcome back!', description: RECOVERY_MESSAGES.recovered, variant: 'success' });
      navigate('/');
    },
    onError: (err) => toast({ title: 'Recovery Failed', description: errorMessage(err, RECOVERY_MESSAGES.invalid), variant: 'destructive' }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkRecover(form);
    if ('problem' in checked) {
      toast({ ...checked.problem, variant: 'destructive' });
      return;
    }
    recover.mutate(checked.body);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="recover-form">
      <p className="text-lg text-ink-muted">Forgot your password? Use one of the recovery codes you saved when you registered.</p>
      {FIELDS.map(({ id, key, label, type, autoComplete }) => (
        <div key={id} className="flex flex-col gap-2">
          <Label htmlFor={id}>{label}</Label>
          <Input id={id} data-testid={id} type={type} autoComplete={autoComplete} value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))} />
        </div>
      ))}
      <Button type="submit" size="lg" className="w-full" disabled={recover.isPending} data-testid="recover-submit">
        <LifeBuoy aria-hidden />
        Set New Password
      </Button>
    </form>
  );
}
