import { lazy, Suspense, useState, type ChangeEvent, type ComponentProps, type FormEvent } from 'react';
import { Coins, LogIn, TriangleAlert, UserPlus } from 'lucide-react';
import { PRODUCT_NAME, STARTING_CREDITS, USERNAME_MAX, USERNAME_MIN, formatCredits } from '@common/constants';
import { useLogin, useRegister } from '@client/lib/use-auth';
import { SESSION_LOST_NOTICE, useSessionLost } from '@client/lib/session-hint';
import { useDocumentTitle } from '@client/lib/use-document-title';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  Input,
  Label,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '@client/ui';
import { AuthHero } from './auth-hero';
import type * as AuthRules from './auth-rules';
import type { FormProblem, LoginFormValues, RegisterFormValues } from './auth-rules';

/** The Recover tab's form (and its contract) loads when the tab is first opened. */
const RecoverForm = lazy(async () => ({ default: (await import('./recover-form')).RecoverForm }));

/**
 * The forms' rules are the shared schemas (zod and the reserved names, two thirds of this
 * screen's code): they load when a form is first touched, not with the screen, and a submit
 * waits for them.
 */
let rules: Promise<typeof AuthRules> | undefined;
const loadRules = () => (rules ??= import('./auth-rules'));

function Field({ id, label, hint, ...input }: { id: string; label: string; hint?: string } & ComponentProps<'input'>) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={id} data-testid={id} aria-describedby={hintId} {...input} />
      {hint ? (
        <p id={hintId} className="text-base text-ink-dim">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function showProblem(problem: FormProblem) {
  toast({ ...problem, variant: 'destructive' });
}

function LoginForm() {
  const login = useLogin();
  const [form, setForm] = useState<LoginFormValues>({ username: '', password: '' });
  const set = (field: keyof LoginFormValues) => (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [field]: e.target.value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    void loadRules().then(({ checkLogin }) => {
      const checked = checkLogin(form);
      if ('problem' in checked) showProblem(checked.problem);
      else login.mutate(checked.body);
    });
  };

  return (
    <form onSubmit={submit} onFocus={loadRules} noValidate className="flex flex-col gap-5" aria-label="Log in">
      <Field
        id="login-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={form.username}
        onChange={set('username')}
      />
      <Field
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={form.password}
        onChange={set('password')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={login.isPending} data-testid="login-submit">
        <LogIn aria-hidden />
        {login.isPending ? 'Logging in...' : 'Log In'}
      </Button>
    </form>
  );
}

function RegisterForm() {
  const register = useRegister();
  const [form, setForm] = useState<RegisterFormValues>({ username: '', password: '', confirm: '' });
  const set = (field: keyof RegisterFormValues) => (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [field]: e.target.value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    void loadRules().then(({ checkRegister }) => {
      const checked = checkRegister(form);
      if ('problem' in checked) showProblem(checked.problem);
      else register.mutate(checked.body);
    });
  };

  return (
    <form onSubmit={submit} onFocus={loadRules} noValidate className="flex flex-col gap-5" aria-label="Create account">
      <Field
        id="register-username"
        label="Username"
        hint={`${USERNAME_MIN}-${USERNAME_MAX} letters, digits, _ or -`}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX}
        value={form.username}
        onChange={set('username')}
      />
      <Field id="register-password" label="Password" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
      <Field
        id="register-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={form.confirm}
        onChange={set('confirm')}
      />
      <p
        data-testid="register-credits-note"
        className="flex items-center gap-2 border-2 border-dashed border-gold/60 bg-gold/10 px-3 py-2 text-lg text-gold"
      >
        <Coins aria-hidden className="size-5 shrink-0" />
        New accounts start with {formatCredits(STARTING_CREDITS)} credits!
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={register.isPending} data-testid="register-submit">
        <UserPlus aria-hidden />
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}

/** The screen of anonymous visitors: log in or create an account. */
export function AuthPage() {
  useDocumentTitle(PRODUCT_NAME);
  const sessionLost = useSessionLost();
  return (
    // The form comes first in the page and the hero after it: a phone shows them in that order, and
    // a first paint of half-parsed HTML (the page carries this screen) never moves the hero. A wide
    // screen puts each in its own column, whichever arrived first.
    <div className="grid grid-cols-1 items-center gap-10 py-2 md:grid-cols-[1fr_minmax(0,26rem)] lg:gap-16 lg:py-8">
      <div className="w-full md:col-start-2 md:row-start-1">
        <Card accent="cyan" className="shadow-hard">
          <CardHeader>
            <h1 className="font-pixel text-pixel-sm leading-relaxed text-neon-cyan">Enter the Arena</h1>
            <CardDescription>Log in to your account or register a new fighter.</CardDescription>
            {sessionLost ? (
              <p
                role="alert"
                data-testid="session-lost"
                className="mt-2 flex items-center gap-2 border-2 border-gold/60 bg-gold/10 px-3 py-2 text-lg text-gold"
              >
                <TriangleAlert aria-hidden className="size-5 shrink-0" />
                {SESSION_LOST_NOTICE}
              </p>
            ) : null}
          </CardHeader>
          <CardContent>
            <Tabs defaultValue="login">
              <TabsList aria-label="Login or register">
                <TabsTrigger value="login">Login</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
                <TabsTrigger value="recover">Recover</TabsTrigger>
              </TabsList>
              <TabsContent tabIndex={-1} value="login">
                <LoginForm />
              </TabsContent>
              <TabsContent tabIndex={-1} value="register">
                <RegisterForm />
              </TabsContent>
              <TabsContent tabIndex={-1} value="recover">
                <Suspense fallback={<Spinner size="sm" label="Loading ..." />}>
                  <RecoverForm />
                </Suspense>
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
      <AuthHero />
    </div>
  );
}
