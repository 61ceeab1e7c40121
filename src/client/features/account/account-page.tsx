import { useRef, useState, type FormEvent } from 'react';
import type * as AccountRules from './account-rules';
import { KeyRound, LogOut, ShieldAlert, UserCog, UserRound } from 'lucide-react';
import { PASSWORD_MAX, PASSWORD_MIN } from '@common/constants';
import { useCurrentUser } from '@client/lib/use-auth';
import { onDemand, RULES_UNREACHABLE, useWithModule } from '@client/lib/on-demand';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Input,
  Label,
  PageHeader,
  toast,
} from '@client/ui';
import type { PasswordField, PasswordForm } from './account-rules';
import { BlockedPlayersCard } from './blocked-players-card';
import { RecoveryCodesCard } from './recovery-codes-card';
import { useChangePassword, useSignOutEverywhere } from './use-account';

const EMPTY_PASSWORD_FORM: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The form's rules (the shared schema, with zod) load when the form is first touched; a submit waits for them. */
const rules = onDemand<typeof AccountRules>(() => import('./account-rules'));
const rulesFailed = () => toast({ title: 'Error', description: RULES_UNREACHABLE, variant: 'destructive' });

const FIELDS: { field: PasswordField; id: string; label: string; autoComplete: string; hint?: string }[] = [
  { field: 'currentPassword', id: 'account-current-password', label: 'Current Password', autoComplete: 'current-password' },
  {
    field: 'newPassword',
    id: 'account-new-password',
    label: 'New Password',
    autoComplete: 'new-password',
    hint: `${PASSWORD_MIN}-${PASSWORD_MAX} characters, not your current one`,
  },
  { field: 'confirmPassword', id: 'account-confirm-password', label: 'Confirm New Password', autoComplete: 'new-password' },
];

function ChangePasswordCard({ username }: { username: string }) {
  const change = useChangePassword();
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORD_FORM);
  const [invalid, setInvalid] = useState<PasswordField | null>(null);
  const inputs = useRef<Partial<Record<PasswordField, HTMLInputElement | null>>>({});

  const checking = useWithModule(rules, rulesFailed);
  const busy = change.isPending || checking.waiting;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    checking.run(({ checkPasswordChange }) => {
      const checked = checkPasswordChange(form);
      if ('problem' in checked) {
        const { field, title, description } = checked.problem;
        setInvalid(field);
        inputs.current[field]?.focus();
        toast({ title, description, variant: 'destructive' });
        return;
      }
      setInvalid(null);
      change.mutate(checked.body, {
        onSuccess: () => setForm(EMPTY_PASSWORD_FORM),
        onError: () => inputs.current.currentPassword?.focus(),
      });
    });
  };

  return (
    <Card accent="cyan" data-testid="change-password-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-pixel-xs text-neon-cyan">
          <KeyRound aria-hidden className="size-5 shrink-0" />
          Change Password
        </CardTitle>
        <CardDescription>Every other tab and device signed in to your account is signed out. This one stays.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} onFocus={rules.warm} aria-label="Change password" className="flex flex-col gap-5">
          {/* For password managers: which account the new password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          {FIELDS.map(({ field, id, label, autoComplete, hint }) => (
            <div key={field} className="flex flex-col gap-2">
              <Label htmlFor={id}>{label}</Label>
              <Input
                ref={(el) => {
                  inputs.current[field] = el;
                }}
                id={id}
                name={id}
                data-testid={id}
                type="password"
                autoComplete={autoComplete}
                value={form[field]}
                aria-invalid={invalid === field || undefined}
                aria-describedby={hint ? `${id}-hint` : undefined}
                disabled={change.isPending}
                onChange={(e) => {
                  const value = e.target.value;
                  setForm((prev) => ({ ...prev, [field]: value }));
                  if (invalid === field) setInvalid(null);
                }}
              />
              {hint ? (
                <p id={`${id}-hint`} className="text-base text-ink-dim">
                  {hint}
                </p>
              ) : null}
            </div>
          ))}
          <Button type="submit" className="self-start" disabled={busy} data-testid="change-password-submit">
            <KeyRound aria-hidden />
            {busy ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SignOutEverywhereCard({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const signOut = useSignOutEverywhere();
  return (
    <Card accent="danger" data-testid="sign-out-everywhere-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-pixel-xs text-danger">
          <ShieldAlert aria-hidden className="size-5 shrink-0" />
          Sign Out Everywhere
        </CardTitle>
        <CardDescription>
          Left your account signed in on a shared computer or a lost phone? End every session of your account, this one
          included.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={(next) => !signOut.isPending && setOpen(next)}>
          <DialogTrigger asChild>
            <Button variant="danger" data-testid="sign-out-everywhere">
              <LogOut aria-hidden />
              Sign out everywhere
            </Button>
          </DialogTrigger>
          <DialogContent data-testid="sign-out-everywhere-dialog" className="p-4 sm:p-6">
            <DialogHeader>
              <DialogTitle className="text-danger">Sign out everywhere?</DialogTitle>
              <DialogDescription>
                Every tab and device signed in as {username} is signed out, this one included. You will need your password to
                log in again.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="ghost" disabled={signOut.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button
                variant="danger"
                disabled={signOut.isPending}
                data-testid="sign-out-everywhere-confirm"
                onClick={() => signOut.mutate()}
              >
                <LogOut aria-hidden />
                {signOut.isPending ? 'Signing Out...' : 'Sign Out Everywhere'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

/** Account: change the password, sign out every session of the account, recovery codes, the players blocked. */
export function AccountPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Account"
        subtitle="Your password, your sessions, recovery codes and the players you block"
        icon={<UserCog />}
        actions={
          <div
            className="flex min-w-0 items-center gap-3 border-2 border-edge bg-panel-2 px-3 py-2 shadow-hard-sm"
            data-testid="account-username"
          >
            <UserRound aria-hidden className="size-5 shrink-0 text-neon-magenta" />
            <span className="flex min-w-0 flex-col">
              <span className="font-pixel text-pixel-2xs text-ink-dim uppercase">Signed in as</span>
              <span className="truncate font-pixel text-pixel-xs leading-normal text-ink">{user.username}</span>
            </span>
          </div>
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <ChangePasswordCard username={user.username} />
        <SignOutEverywhereCard username={user.username} />
        <RecoveryCodesCard username={user.username} />
        <BlockedPlayersCard />
      </div>
    </>
  );
}
